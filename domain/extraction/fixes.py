"""Fixes from the shape of a session (issue 30.2): a failure, changes, then the proof it passes.

A failure waits for its fix under what failed: the command (or the file a tool was working on).
A later success on the same command, or on the same program (`pytest -x tests/a.py` failing,
`pytest` passing), with changes in between, pairs with it. A command that passes on a plain
re-run fixed nothing; it only closes the failure.

Only a fix a reviewer can use next month becomes a candidate (`FixPair.standalone`): a command
failed, files were edited (or a command of another program changed something), and the same
program then passed. A fix whose files were all created by this session (their first change a
Write) repaired code that was never broken in the project: churn, not a fix to remember.
Claude's first explanation after the failure ("… because …") is its cause.
"""

import re
from collections import OrderedDict, deque
from dataclasses import dataclass, replace

from abzu.domain.anchors import command_prefix
from abzu.domain.extraction.model import FixPair
from abzu.domain.extraction.sentences import NARRATION, sentences
from abzu.domain.extraction.tasks import CAP
from abzu.domain.extraction.tasks import bounded_put as _add
from abzu.domain.extraction.transcript_text import shorten
from abzu.domain.redaction import redact

CHANGES_PER_FIX = 5
_FILTERS = frozenset(("head", "tail", "grep", "tee", "less", "cat", "yes", "echo", "sort", "wc"))
_HOUSEKEEPING = frozenset(("cd", "mkdir", "rm", "cp", "mv", "touch", "chmod", "sleep", "kill", "pkill",
                          "true", "false"))


@dataclass(frozen=True, slots=True)
class Failure:
    target: str
    line: str
    uuid: str
    step: int
    misuse: bool
    offset: int
    command: bool = False  # a command failed (not a tool on a file)


@dataclass(frozen=True, slots=True)
class Change:
    step: int
    description: str
    file: str | None
    program: str | None = None  # the program a change command ran (None: a file tool)
    written: bool = False  # a Write: the whole file was written


def program_of(command: str) -> str | None:
    """The program a command runs, its arguments left out: `cd x && npm run build | tail` →
    `npm run build`, `python -m pytest -q` → `python -m pytest`. None: housekeeping only."""
    for chain in re.split(r"&&|;|\|\|", command)[::-1]:
        for stage in chain.split("|"):
            words = stage.split()
            if not words or words[0] in _FILTERS or words[0] in _HOUSEKEEPING:
                continue
            prefix = command_prefix(stage.strip())
            if prefix and words[1:2] == ["-m"] and len(words) > 2:
                return f"{prefix} -m {words[2]}"
            return prefix
    return None


class FixTracker:
    def __init__(self) -> None:
        self.pending: OrderedDict[str, Failure] = OrderedDict()  # target -> failure
        self._programs: OrderedDict[str, str] = OrderedDict()  # program -> target of its last failure
        self.changes: deque[Change] = deque(maxlen=200)
        self.fixes: deque[FixPair] = deque(maxlen=CAP)
        self._causes: OrderedDict[str, str] = OrderedDict()  # target -> Claude's explanation
        self._explaining: str | None = None  # the target whose failure Claude speaks after
        self._touched: OrderedDict[str, bool] = OrderedDict()  # path -> its first change was a Write

    def on_failure(self, failure: Failure) -> None:
        _add(self.pending, failure.target, failure)
        program = program_of(failure.target) if failure.command else None
        if program:
            _add(self._programs, program, failure.target)
        self._explaining = None if failure.misuse else failure.target

    def explained(self) -> dict[str, str]:
        """Error line -> Claude's explanation, of the command failures still waiting for a fix."""
        return {f.line: self._causes[f.target] for f in self.pending.values()
                if f.command and not f.misuse and f.target in self._causes}

    def on_prose(self, text: str) -> None:
        if self._explaining is None:
            return
        cause = cause_sentence(text)
        if cause:
            _add(self._causes, self._explaining, redact(shorten(cause, 300)).text)
        self._explaining = None  # only the first words after the failure explain it

    def on_success(self, target: str | None, command: str | None, change: Change | None,
                   uuid: str, *, replaying: bool) -> str | None:
        """The line of the failure this success closes, if any."""
        failure = self._waiting(target, command)
        closed = None
        if failure is not None and (self._pair(failure, uuid, change, command, replaying) or
                                    command == failure.target):
            del self.pending[failure.target]
            closed = failure.line
        if change is not None:
            self.changes.append(change)
            self._explaining = None
            if change.file and change.file not in self._touched:
                _add(self._touched, change.file, change.written)
        return closed

    def _waiting(self, target: str | None, command: str | None) -> Failure | None:
        if target is None:
            return None
        failure = self.pending.get(target)
        program = program_of(command) if command and failure is None else None
        other = self._programs.get(program) if program else None
        return failure or (self.pending.get(other) if other else None)

    def _pair(self, failure: Failure, uuid: str, change: Change | None, command: str | None,
              replaying: bool) -> bool:
        """Pairs the failure with the changes since, plus the successful call itself when it is
        an edit (a re-run command is the proof, not the change). False when nothing changed."""
        between = [c for c in self.changes if c.step > failure.step]
        between += [change] if change is not None and command is None else []
        if not between:
            return False
        if replaying:
            return True  # the pass that read it first paired it already
        pair = _fix_pair(failure, between, uuid, command, self._causes.get(failure.target, ""))
        if pair.files and all(self._touched.get(f, False) for f in pair.files):
            pair = replace(pair, standalone=False)  # a bug in code this session wrote: churn
        self.fixes.append(pair)
        return True


def _fix_pair(failure: Failure, between: list[Change], uuid: str, command: str | None, cause: str) -> FixPair:
    shown = between[-CHANGES_PER_FIX:]
    program = program_of(command) if command else None
    files = tuple(dict.fromkeys(c.file for c in shown if c.file))
    acted = files or any(c.program and c.program != program for c in between)
    return FixPair(
        target=redact(failure.target).text, error=failure.line,
        change=redact("; ".join(c.description for c in shown)).text, error_uuid=failure.uuid,
        fix_uuid=uuid, files=files, tool_misuse=failure.misuse,
        commands=(redact(program).text,) if program else (),
        standalone=bool(failure.command and command and acted and not failure.misuse),
        cause=cause, proof=redact(shorten(command, 160)).text if command else "",
    )


# Claude's explanation of a failure it just saw: why, not what it will do next.
_CAUSE = re.compile(
    r"\bbecause\b|\bdue to\b|\bcaused by\b|\bthe (?:issue|problem|error|cause|failure) (?:is|was)\b"
    r"|\bmissing\b|\bexpects?\b|\brequires?\b|\bn't\b|\bnot (?:installed|found|defined|exported|available)\b"
    r"|\b(?:issue|problem|limitation|conflict|permission)\b",
    re.IGNORECASE,
)


def cause_sentence(text: str) -> str | None:
    """The first sentence of `text` that explains rather than narrates."""
    return next((s for s in sentences(text) if not NARRATION.match(s) and _CAUSE.search(s)), None)
