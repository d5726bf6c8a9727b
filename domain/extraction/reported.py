"""A failure the person reported, then fixed by Claude's edits (issue 30.2, capture-third).

Shape: the person pastes what went wrong (a traceback, a log line with `ERROR`, `No such file
or directory`, `command not found`, an exit code) or says in a short message that something
"doesn't start" / "is broken"; Claude then edits files that existed before (an Edit, not only
new files); and the person does not report the same failure again. That is a fix even though
Claude never re-ran anything: the person runs the program, Claude cannot (a deployed service, a
device, a browser). It holds for anyone's sessions because it reads who spoke and what was
called, not how they put it; the error line is the program's own output.

Stored as the error line the person reported, Claude's explanation before its first edit (its
words after looking), the edits and the files changed. A report followed by no edit (a question
about an error, advice only) and a report made again with the same error line (the first
attempt did not take) stage nothing.
"""

import re
from dataclasses import dataclass

from abzu.domain.extraction.rules import describe_change, file_of
from abzu.domain.extraction.sentences import NARRATION
from abzu.domain.extraction.transcript import ToolCall
from abzu.domain.extraction.transcript_text import shorten

MAX_REPORT_CHARS = 20_000  # a whole log pasted: still a report; beyond, a document
MAX_PLAIN_CHARS = 600  # "the app doesn't start": only a short message is a failure report
EXPLANATION_CHARS, ERROR_CHARS = 500, 300
_EDITS = frozenset(("Edit", "MultiEdit", "NotebookEdit"))  # changed a file that existed
_WRITES = _EDITS | {"Write"}
# Output of a program, not prose about errors: the forms tools and runtimes print.
_PASTED = re.compile(
    r"Traceback \(most recent call last\)|\b[A-Z]\w*(?:Error|Exception)\b:|No such file or directory"
    r"|command not found|can't open file|cannot find module|exited (?:quickly )?with (?:code|status) [1-9]"
    r"|Segmentation fault|^\s*(?:error|fatal|panic)(?:\[\w+\])?:|\bERROR\b|\bFAILED\b|\bFATAL\b"
    r"|^\s*[×✖✘] \S",  # the error glyph of miette (cargo-dist, biome, turbo), vitest and eslint
    re.MULTILINE,
)
_SPECIFIC = re.compile(  # the line that says what failed, before a log's generic "ERROR …" line
    r"\b[A-Z]\w*(?:Error|Exception)\b:|No such file or directory|command not found|can't open file"
    r"|cannot find module|Segmentation fault|^\s*(?:error|fatal|panic)(?:\[\w+\])?:|^\s*[×✖✘] \S",
    re.IGNORECASE | re.MULTILINE,
)
_PLAIN = re.compile(
    r"\b(?:doesn'?t|does not|won'?t|will not|isn'?t|is not|can'?t|cannot) (?:work|start|run|load|build"
    r"|compile|launch|connect|open)(?:ing)?\b|\b(?:is|are) (?:broken|failing|crashing)\b"
    r"|\b(?:crashes|crashed|keeps failing)\b",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class ReportedFix:
    error: str  # "Reported by the user: <error line>"
    cause: str
    change: str
    files: tuple[str, ...]
    message_uuid: str  # Claude's last edit


def reported_error(text: str) -> str | None:
    """The error line of a failure the person reported, or None when the message reports none."""
    body = text.strip()
    if body.startswith("<") or len(body) > MAX_REPORT_CHARS:  # tool notifications, documents
        return None
    lines = [ln.strip() for ln in body.splitlines() if ln.strip() and not ln.strip().startswith("```")]
    pasted = [ln for ln in lines if _PASTED.search(ln)]
    if pasted:
        specific = [ln for ln in pasted if _SPECIFIC.search(ln)]
        chosen = dict.fromkeys((specific or pasted)[:1] + pasted[:1])
        return shorten(" | ".join(chosen), ERROR_CHARS)
    if len(body) <= MAX_PLAIN_CHARS and _PLAIN.search(body):
        return shorten(" ".join(body.split()), ERROR_CHARS)
    return None


class ReportedFailureTracker:
    """Fed in transcript order (main thread only) by StructuralSignals."""

    def __init__(self) -> None:
        self._error: str | None = None
        self._explained = ""
        self._changes: list[str] = []
        self._files: dict[str, None] = {}
        self._edited = False  # at least one existing file changed (not only new files written)
        self._uuid = ""

    def on_human(self, text: str) -> ReportedFix | None:
        """The previous report's fix, unless this message reports the same failure again."""
        error = reported_error(text)
        found = None if error is not None and error == self._error else self.flush()
        self._reset(error)
        return found

    def on_text(self, text: str) -> None:
        words = text.strip()
        if self._error is not None and not self._changes and words and not NARRATION.match(words):
            self._explained = words  # Claude's words after looking, before its first edit

    def on_call(self, call: ToolCall, uuid: str) -> None:
        if self._error is None or call.name not in _WRITES:
            return
        self._changes.append(describe_change(call))
        path = file_of(call)
        if path:
            self._files[path] = None
        self._edited = self._edited or call.name in _EDITS
        self._uuid = uuid

    def flush(self) -> ReportedFix | None:
        if self._error is None or not self._edited:
            return None
        cause = shorten(" ".join(self._explained.split()), EXPLANATION_CHARS)
        return ReportedFix(f"Reported by the user: {self._error}", cause, "; ".join(self._changes[-3:]),
                           tuple(self._files), self._uuid)

    def _reset(self, error: str | None) -> None:
        self._error, self._explained, self._changes = error, "", []
        self._files, self._edited, self._uuid = {}, False, ""
