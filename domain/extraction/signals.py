"""The structural signals of one pass (issue 30.2), fed by DigestState: a person correcting
Claude (corrections.py), a person's pick among options (choices.py), the report that answers a
question (findings.py), Claude conceding a point and redoing the work (concessions.py), a
request the person had to repeat (repeats.py), documentation looked up and acted on
(lookups.py), where something hard to find lives (locations.py), a failure the person reported
and Claude's edits fixed (reported.py), how the person wants work done (standing.py), an answer
found after empty ones (empties.py), what Claude saved to its own memory (memory_files.py),
and what a commit's message says it changed and why (commits.py).

They write into the pass's own collections (`notes`, `decisions`), so dedup by key and the
bounded sizes stay those of state.py.
"""

from collections import OrderedDict
from collections.abc import MutableSequence
from dataclasses import replace

from abzu.domain.category import Category
from abzu.domain.extraction.choices import chosen, picked_in_prose
from abzu.domain.extraction.commits import CommitTracker
from abzu.domain.extraction.concessions import ConcessionTracker
from abzu.domain.extraction.corrections import Correction, CorrectionTracker
from abzu.domain.extraction.empties import Answered, EmptyAnswerTracker
from abzu.domain.extraction.exchanges import ExchangeAnchors
from abzu.domain.extraction.findings import Report, ReportTracker
from abzu.domain.extraction.locations import Location, LocationTracker
from abzu.domain.extraction.lookups import Lookup, LookupTracker
from abzu.domain.extraction.memory_files import saved_memory
from abzu.domain.extraction.model import Decision, FixPair, Note
from abzu.domain.extraction.pipelines import added_jobs
from abzu.domain.extraction.repeats import Repeat, RepeatTracker
from abzu.domain.extraction.reported import ReportedFailureTracker, ReportedFix
from abzu.domain.extraction.standing import standing_instructions
from abzu.domain.extraction.tasks import bounded_put as _add
from abzu.domain.extraction.transcript import ToolCall, TranscriptRecord
from abzu.domain.extraction.transcript_text import shorten
from abzu.domain.redaction import redact

MAX_REPORTS = 4  # per pass: the latest answers, which build on the earlier ones


def _redacted(text: str) -> str:
    return redact(text).text


def request_context(request: str | None) -> str:
    """The context of a candidate: the person's message it answered (none: empty)."""
    return f"Request: {shorten(request, 300)}" if request else ""


class StructuralSignals:
    def __init__(self, exchanges: ExchangeAnchors, notes: "OrderedDict[str, Note]",
                 decisions: "OrderedDict[str, Decision]",
                 fixes: "MutableSequence[FixPair] | None" = None) -> None:
        self.exchanges, self.notes, self.decisions = exchanges, notes, decisions
        self.fixes: MutableSequence[FixPair] = fixes if fixes is not None else []
        self.reported = ReportedFailureTracker()
        self.request: str | None = None  # the person's last message: what a CI change answered
        self.empties = EmptyAnswerTracker()
        self.corrections = CorrectionTracker()
        self.concessions = ConcessionTracker()
        self.reports = ReportTracker()
        self.repeats = RepeatTracker()
        self.lookups = LookupTracker()
        self.locations = LocationTracker()
        self.commits = CommitTracker()
        self.found: OrderedDict[str, Note] = OrderedDict()  # message uuid -> its report
        self._offer = ""  # Claude's last words, when nothing was called after them

    def human(self, record: TranscriptRecord, *, replaying: bool) -> bool:
        """A message the person typed opens an exchange; True when it corrects Claude."""
        correction = self.corrections.on_human(record.text)
        self.concessions.on_human(record.text, corrected=correction is not None)
        self._reported(self.reports.on_human(record.text))
        self._reported(self.repeats.on_human(record.text))
        self._reported(self.lookups.on_human())
        self._fixed(self.reported.on_human(record.text), replaying=replaying)
        self.empties.on_human()
        self.exchanges.next_turn()
        if not replaying:
            self._picked(record)
        if correction is not None and not replaying:
            self._corrected(correction, record.uuid)
        if correction is None and not replaying:
            self._standing(record)
        self.request = record.text
        return correction is not None

    def assistant(self, record: TranscriptRecord, *, replaying: bool) -> None:
        if record.is_sidechain:  # a subagent's commit is a record written for a later reader too
            for call in record.tool_calls if not replaying else ():
                self.commits.on_call(call, record.uuid, self.exchanges.turn, self.request)
            return
        self.corrections.on_assistant(record.text, record.tool_calls)
        self._offer = "" if record.tool_calls else (record.text if record.text.strip() else self._offer)
        conceded = self.concessions.on_assistant(record.text, acted=bool(record.tool_calls))
        if conceded is not None and not replaying:
            context = _redacted(f"Said by the user: {shorten(conceded.challenge, 600)}")
            decision = Decision(_redacted(conceded.text), record.uuid, context, self.exchanges.turn)
            _add(self.decisions, decision.text.casefold(), decision)
        self.reported.on_text(record.text)
        self.reports.on_text(record.text, record.uuid, replaying=replaying)
        if not replaying:
            self.repeats.on_text(record.text, record.uuid)
            self.lookups.on_text(record.text, record.uuid)
        for call in record.tool_calls:
            self._reported(self.reports.on_call(call))
            self.repeats.on_call()
            self.lookups.on_call(call)
            self.reported.on_call(call, record.uuid)
            if not replaying:
                self._pipeline(call, record.uuid)
                self._saved(call, record.uuid)
                self.commits.on_call(call, record.uuid, self.exchanges.turn, self.request)

    def searched(self, command: str, output: str, uuid: str) -> None:
        """A command's output (whatever its exit code: `find` reports unreadable folders)."""
        self._reported(self.locations.on_search(command, output, uuid))

    def succeeded(self, command: str, output: str, uuid: str) -> None:
        """A command that passed: an answer after empty ones is where the data is (empties.py)."""
        self._reported(self.empties.on_success(command, output, uuid))

    def interrupted(self) -> None:
        self.corrections.on_interrupt()

    def rejected(self, call: ToolCall | None, output: str, uuid: str, *, replaying: bool) -> None:
        correction = self.corrections.on_rejected(call, output)
        if correction is not None and not replaying:
            self._corrected(correction, uuid)

    def answered(self, call: ToolCall, answer: str, uuid: str, request: str | None) -> None:
        """The person's pick among the options Claude offered (choices.py): a decision."""
        context = _redacted(request_context(request))
        for sentence in map(_redacted, chosen(call, answer)):
            _add(self.decisions, sentence.casefold(), Decision(sentence, uuid, context, self.exchanges.turn))

    def finish(self) -> None:
        """The end of what was read: the exchange in progress may end in a report."""
        self._reported(self.reports.flush())
        self._reported(self.repeats.flush())
        self._reported(self.lookups.flush())
        self._fixed(self.reported.flush(), replaying=False)

    def kept_reports(self) -> list[Note]:
        """The latest reports (MAX_REPORTS), redacted."""
        return [replace(n, text=_redacted(n.text), context=_redacted(n.context) if n.context else "")
                for n in self.found.values()]

    def committed(self) -> list[Note]:
        """The commits that explain most (commits.py), with the request they answered."""
        return [Note(_redacted(made.commit.text), made.message_uuid, made.commit.category,
                     _redacted(request_context(made.request)), made.turn)
                for made in self.commits.kept()]

    def _pipeline(self, call: ToolCall, uuid: str) -> None:
        """A job added to the CI pipeline (pipelines.py): a decision, with the request it answered."""
        job = added_jobs(call)
        if job is not None:
            context = _redacted(request_context(self.request))
            decision = Decision(_redacted(job.text), uuid, context, self.exchanges.turn)
            _add(self.decisions, decision.text.casefold(), decision)

    def _picked(self, record: TranscriptRecord) -> None:
        """The person's one-word pick among options Claude offered in prose (choices.py)."""
        sentence = picked_in_prose(self._offer, record.text) if self._offer else None
        self._offer = ""
        if sentence is not None:
            decision = Decision(_redacted(sentence), record.uuid, "", self.exchanges.turn)
            _add(self.decisions, decision.text.casefold(), decision)

    def _saved(self, call: ToolCall, uuid: str) -> None:
        """A note Claude kept: in its memory folder, or added to an instructions file (memory_files.py)."""
        saved = saved_memory(call)
        if saved is not None:
            context = _redacted(request_context(self.request))
            note = Note(_redacted(saved.text), uuid, saved.category, context, turn=self.exchanges.turn)
            _add(self.notes, note.text.casefold(), note)

    def _standing(self, record: TranscriptRecord) -> None:
        """How the person wants work done (standing.py): a preference, in their own words."""
        said = _redacted(f"Said by the user: {shorten(record.text, 600)}")
        for sentence in map(_redacted, standing_instructions(record.text)):
            note = Note(sentence, record.uuid, Category.PREFERENCE, said, turn=self.exchanges.turn)
            _add(self.notes, sentence.casefold(), note)

    def _fixed(self, fix: ReportedFix | None, *, replaying: bool) -> None:
        """A reported failure Claude's edits fixed; not when a re-run already proved a fix of
        the same files (fixes.py staged that one)."""
        if fix is None or replaying or not fix.message_uuid:
            return
        if any(f.standalone and set(f.files) & set(fix.files) for f in self.fixes):
            return
        self.fixes.append(FixPair(
            target=_redacted(shorten(fix.error, 120)), error=_redacted(fix.error),
            change=_redacted(fix.change), error_uuid=fix.message_uuid, fix_uuid=fix.message_uuid,
            files=fix.files, standalone=True, cause=_redacted(fix.cause),
        ))

    def _reported(self, report: Report | Repeat | Lookup | Location | Answered | None) -> None:
        if report is not None:
            uuid, turn = report.message_uuid, self.exchanges.turn
            context = request_context(self.request)
            # redacted when read (kept_reports()): most are pushed out by later ones first
            _add(self.found, uuid, Note(report.text, uuid, Category.LEARNING, context, turn=turn))
            if len(self.found) > MAX_REPORTS:  # a long Q&A session is a reviewer's queue, not a log
                self.found.popitem(last=False)

    def _corrected(self, correction: Correction, uuid: str) -> None:
        context = _redacted(f"Said by the user: {shorten(correction.said, 600)}")
        note = Note(_redacted(correction.text), uuid, correction.category, context, turn=self.exchanges.turn)
        _add(self.notes, f"correction:{uuid}", note)
