"""The running state of one pass over a transcript's records (see `digest`).

Every collection is bounded, so a pass over a huge transcript uses memory in proportion to what
it finds worth keeping, not to the size of the file.

A pass may start before the end of the previous one (a failure waiting for its fix keeps the
cursor on its call): records before `seen_to` were mined already. They are read again only
for what a later record needs (calls, failures waiting, changes since, task states, turns);
nothing is reported or counted from them twice (issue 29.9). Counts that span passes (how often
a failure recurred) start from `earlier`, what the previous passes counted.
"""

from collections import Counter, OrderedDict
from dataclasses import replace
from functools import lru_cache

from abzu.domain.category import Category
from abzu.domain.extraction.attempts import AttemptTracker
from abzu.domain.extraction.choices import ASK_TOOL
from abzu.domain.extraction.corrections import is_rejection
from abzu.domain.extraction.decisions import decision_sentences
from abzu.domain.extraction.exchanges import ExchangeAnchors
from abzu.domain.extraction.fixes import Change, Failure, FixTracker, program_of
from abzu.domain.extraction.model import Decision, FailureTally, FixPair, Note
from abzu.domain.extraction.preferences import preference_sentences
from abzu.domain.extraction.rules import (
    FILE_TOOLS,
    Outcome,
    classify,
    command_of,
    describe_change,
    error_excerpt,
    file_of,
    is_read_only,
)
from abzu.domain.extraction.signals import StructuralSignals, request_context
from abzu.domain.extraction.tasks import CAP, TaskTracker
from abzu.domain.extraction.tasks import bounded_put as _add
from abzu.domain.extraction.transcript import ToolCall, ToolOutcome, TranscriptRecord
from abzu.domain.extraction.transcript_text import shorten
from abzu.domain.redaction import redact


def _redacted(text: str) -> str:
    return redact(text).text


def _is_change(call: ToolCall, command: str | None) -> bool:
    """`command`: `command_of(call)`, parsed once per outcome by the caller."""
    if call.name in FILE_TOOLS:
        return True
    return command is not None and not is_read_only(command)


class DigestState:
    def __init__(self, *, seen_to: int = 0, earlier: FailureTally = ()) -> None:
        self.seen_to = seen_to  # records before this offset were mined by an earlier pass
        self.replaying = False  # the current record is one of those
        self.fresh = False  # a record past `seen_to` was read: there is something new to report
        self.calls: OrderedDict[str, tuple[ToolCall, int]] = OrderedDict()  # id -> (call, its offset)
        self.files: OrderedDict[str, None] = OrderedDict()
        self.errors: OrderedDict[str, bool] = OrderedDict()  # error line -> tool misuse?
        self.open_errors: OrderedDict[str, None] = OrderedDict()  # not fixed, not passed on a re-run
        self.passed: OrderedDict[str, None] = OrderedDict()  # commands whose last run passed
        self.fix = FixTracker()
        self.tasks = TaskTracker()
        self.decisions: OrderedDict[str, Decision] = OrderedDict()
        self.notes: OrderedDict[str, Note] = OrderedDict()  # learnings, patterns, preferences
        self.attempts = AttemptTracker()
        self.failure_counts: Counter[str] = Counter({line: n for line, n, _ in earlier})
        self.failure_uuids: dict[str, str] = {line: uuid for line, _, uuid in earlier}
        self.failure_programs: OrderedDict[str, str] = OrderedDict()  # error line -> its program
        self.compact_summary: str | None = None
        self.last_user_ask: str | None = None
        self.side_request: str | None = None  # the prompt of the subagent now speaking
        self.last_reply: str | None = None  # Claude's last words to the user: what came of the ask
        self.step = 0
        self.exchanges = ExchangeAnchors()  # anchors of every candidate (issue 16)
        # issue 30.2; a failure the person reported and Claude fixed joins the fixes
        self.signals = StructuralSignals(self.exchanges, self.notes, self.decisions, self.fix.fixes)

    def findings(self) -> list[Note]:
        """Notes said in the session, then what its commands showed (retries, recurring
        successes, failures that recurred and were never fixed)."""
        shown = list(self.attempts.findings.values())
        shown += self.attempts.unresolved(self.failure_counts, self.failure_uuids, list(self.open_errors),
                                          self.fix.explained(), self.failure_programs)
        kind = {True: Category.PATTERN, False: Category.LEARNING}
        found = [Note(redact(f.text).text, f.message_uuid, kind[f.pattern]) for f in shown]
        noted = [*self.notes.values(), *self.signals.kept_reports(), *self.signals.committed()]
        return [*map(self.exchanges.anchored, noted), *found]

    def finish(self) -> None:
        self.signals.finish()

    def anchored_decisions(self) -> list[Decision]:
        """Decisions the session acted on: a choice its exchange never carried out is a plan."""
        return [self.exchanges.anchored(d) for d in self.decisions.values() if self.exchanges.acted(d.turn)]

    def candidate_count(self) -> int:
        """Decisions, fixes and notes so far (cheap: no redaction, no findings pass)."""
        return len(self.decisions) + len(self.fix.fixes) + len(self.notes) + len(self.signals.found)

    @property
    def fixes(self) -> list[FixPair]:
        return list(self.fix.fixes)

    def resume_offset(self) -> int | None:
        """Where the oldest failure still waiting for its fix starts in the transcript: a later
        pass that starts there can still pair it with a success it has not seen yet."""
        waiting = [f.offset for f in self.fix.pending.values() if not f.misuse and f.offset >= 0]
        return min(waiting, default=None)

    def failure_tally(self) -> FailureTally:
        """Each failure line with how often it failed so far in the session (this pass and the
        earlier ones) and its first message: the next pass counts on from here."""
        top = self.failure_counts.most_common(CAP)
        return tuple((line, n, self.failure_uuids[line]) for line, n in top if line in self.failure_uuids)

    def feed(self, record: TranscriptRecord) -> None:
        self.step += 1
        self.replaying = 0 <= record.offset < self.seen_to
        self.fresh = self.fresh or not self.replaying
        self.tasks.quiet = self.replaying
        if record.is_compact_summary:
            if not self.replaying:
                self.compact_summary = record.text or self.compact_summary
        elif record.kind == "assistant" and not record.is_api_error:
            self._assistant(record)
        elif record.kind == "user":
            if record.is_human:
                self._human(record)
            elif record.interrupted and not record.is_sidechain:
                self.signals.interrupted()
            elif record.is_sidechain and record.text and not record.tool_outcomes:
                self.side_request = record.text
            for outcome in record.tool_outcomes:
                call, offset = self.calls.pop(outcome.tool_use_id, (None, record.offset))
                self._outcome(call, outcome, record.uuid, offset)

    def _context(self, record: TranscriptRecord) -> str:
        ask = self.side_request if record.is_sidechain else self.last_user_ask
        request = f"{request_context(ask)}\n" if ask else ""
        return _redacted(f"{request}Exchange: {shorten(record.text, 600)}")

    def _human(self, record: TranscriptRecord) -> None:
        corrects = self.signals.human(record, replaying=self.replaying)
        self.last_user_ask, self.last_reply = record.text, None
        if corrects:
            self.attempts.on_corrected()
        if not corrects and not self.replaying:
            self._preferences(record)

    def _preferences(self, record: TranscriptRecord) -> None:
        for sentence in map(_redacted, preference_sentences(record.text)):
            said = _redacted(f"Said by the user: {shorten(record.text, 600)}")
            note = Note(sentence, record.uuid, Category.PREFERENCE, said, turn=self.exchanges.turn)
            _add(self.notes, sentence.casefold(), note)

    def _assistant(self, record: TranscriptRecord) -> None:
        if record.text:
            self.attempts.on_prose(record.text)
            self.fix.on_prose(record.text)
            if not record.is_sidechain:
                self.last_reply = record.text
        self.signals.assistant(record, replaying=self.replaying)
        if not self.replaying:
            self._statements(record)
        for call in record.tool_calls:
            _add(self.calls, call.id, (call, record.offset))
            self.tasks.on_call(call)
            self.exchanges.on_call(call)

    def _statements(self, record: TranscriptRecord) -> None:
        known = self.decisions
        decided = [s for s in map(_redacted, decision_sentences(record.text)) if s.casefold() not in known]
        context = self._context(record) if decided else ""  # redacting is the cost: only if used
        turn = self.exchanges.turn
        for sentence in decided:
            _add(self.decisions, sentence.casefold(), Decision(sentence, record.uuid, context, turn))

    def _outcome(self, call: ToolCall | None, outcome: ToolOutcome, uuid: str, offset: int) -> None:
        """`offset`: where the call was made (a later pass must see the call to know its target)."""
        verdict = classify(call, outcome)
        command = command_of(call)  # parsed once: every step below reads this one
        if command is not None and verdict is not Outcome.NOT_AN_ERROR:
            passed = verdict is Outcome.SUCCESS
            error = "" if passed else error_excerpt(outcome.text, 200)
            self.attempts.on_command(command, passed, uuid, quiet=self.replaying, error=error)
        if call is not None and _is_change(call, command):
            self.tasks.on_change(done=verdict is Outcome.SUCCESS)
        if command is not None and not self.replaying:
            self.signals.searched(command, outcome.text, uuid)
        if call is not None and verdict is not Outcome.SUCCESS:
            self.signals.commits.on_not_done(call.id)  # a commit that failed or was refused
        if verdict in (Outcome.FAILED, Outcome.TOOL_MISUSE):
            misuse = verdict is Outcome.TOOL_MISUSE
            failure = Failure("", "", uuid, self.step, misuse, offset, command is not None)
            self._failure(call, outcome, failure, command)
        elif verdict is Outcome.SUCCESS:
            self._success(call, outcome, uuid, command)
            if command is not None and not self.replaying:
                self.signals.succeeded(command, outcome.text, uuid)
            if call is not None and call.name == ASK_TOOL and not self.replaying:
                self.signals.answered(call, outcome.text, uuid, self.last_user_ask)
        elif is_rejection(outcome.text):
            self.signals.rejected(call, outcome.text, uuid, replaying=self.replaying)

    def _failure(self, call: ToolCall | None, outcome: ToolOutcome, failure: Failure,
                 command: str | None) -> None:
        target = command or file_of(call, outcome)  # what failed: the command, else the file
        tool = call.name if call is not None else "tool"
        subject = f"`{shorten(target or '', 120)}`" if command else (target or "")
        line = redact(f"{tool} {subject}".strip() + f": {error_excerpt(outcome.text)}").text
        if command is not None and not self.replaying:
            self.passed.pop(_command_label(call, command), None)
        if not self.replaying:  # reported and counted by the pass that read it first
            _add(self.errors, line, failure.misuse)
            if not failure.misuse:
                _add(self.open_errors, line, None)
        if command is not None and is_read_only(command):
            return  # a look that found nothing: not a problem to fix or to remember
        if not failure.misuse and not self.replaying:
            self.failure_counts[line] += 1
            self.failure_uuids.setdefault(line, failure.uuid)
            program = program_of(command) if command is not None else None
            if program:
                _add(self.failure_programs, line, program)
        if target is not None:
            self.fix.on_failure(replace(failure, target=target, line=line))

    def _success(self, call: ToolCall | None, outcome: ToolOutcome, uuid: str, command: str | None) -> None:
        self.tasks.on_success(call, outcome)
        if command is not None and not self.replaying and not is_read_only(command):
            _add(self.passed, _command_label(call, command), None)
        path = file_of(call, outcome)
        if path and (call is None or call.name in FILE_TOOLS) and not self.replaying:
            _add(self.files, path, None)
        change = None
        if call is not None and _is_change(call, command):
            change = Change(self.step, describe_change(call), path if command is None else None,
                            program_of(command) if command else None, written=call.name == "Write")
        target = command or file_of(call, outcome)  # what failed: the command, else the file
        closed = self.fix.on_success(target, command, change, uuid, replaying=self.replaying)
        if closed is not None:
            self.open_errors.pop(closed, None)


def _command_label(call: ToolCall | None, command: str) -> str:
    """How an error line names a command ("Bash `npm run build`"): a later summary's "Passed at
    the end" is matched against an earlier one's unresolved error by it (open loops)."""
    return _label(call.name if call is not None else "tool", command)


# Every passing command comes here and commands recur (the same test run): redaction is pure.
@lru_cache(maxsize=256)
def _label(tool: str, command: str) -> str:
    return redact(f"{tool} `{shorten(command, 120)}`").text
