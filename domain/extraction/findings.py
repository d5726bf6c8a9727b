"""What an investigation found (issue 30.2): the shape of a question answered by looking.

Claude looks (at least MIN_LOOKS looks, none editing a file; each command of a chain such as
`git branch -a && git reflog` is one look) and hands the turn back with
a report: its last words before the person speaks again, or before it asks them to choose
(AskUserQuestion). That report is a learning about the project, stored with the question it
answers, when the person asked one (it ends with "?" or "？" or opens with an interrogative; commands
run to answer it, in a scratch folder or as a dry run, are part of looking, and so is a script
written to a scratch folder such as /tmp) or when every call
was a look (a task handed back unchanged: what blocked it, or what there was to know). A short
reply ("Yes.") carries nothing a month later; a question answered without looking is general knowledge.
An exchange that did a task — changed a file that existed before the session, or, writing no file,
ran a command that changes something (a question's commands are part of looking) — ends in the
agent's account of it (issue 30.2, "what the agent reported at the end of a task"): `Done: …`, a
learning, as long as a report; the causes and findings of a fix live there more often than in any
one sentence. Edits of code the session wrote itself are not a task done on the project: their
account describes new code, which the code itself says; nor is work handed to subagents (Task),
whose account is a status report of theirs.
A background agent's completion notice (`<task-notification>`) opens an exchange whose looking
that agent did: Claude's reply to it, when it changes nothing, relays its findings (capture-third).
"""

import re
from collections import OrderedDict
from dataclasses import dataclass

from abzu.domain.extraction.rules import FILE_TOOLS, command_of, file_of, is_read_only
from abzu.domain.extraction.tasks import bounded_put
from abzu.domain.extraction.transcript import ToolCall
from abzu.domain.extraction.transcript_text import QUESTION_MARKS, shorten

MIN_LOOKS = 2
MIN_REPORT_CHARS = 200
# An account of a fix or a finding runs to 1,000-1,500 characters: past 900, what was found and why
# was cut off (tuning half: recall 0.55 -> 0.60, precision 0.79 -> 0.81; the gain halves past 1,500).
REPORT_CHARS, QUESTION_CHARS = 1500, 200
_QUESTION = re.compile(
    r"^(?:what|why|how|where|when|which|who|whose|is|are|was|were|do|does|did|can|could|should"
    r"|would|will|have|has)\b",
    re.IGNORECASE,
)
_NOT_LOOKS = frozenset(("TodoWrite", "TaskCreate", "TaskUpdate", "ExitPlanMode", "AskUserQuestion"))
HANDOVER = "AskUserQuestion"
_SUMMARY = re.compile(r"<summary>(.*?)</summary>", re.DOTALL)
_CHAIN = re.compile(r"&&|\|\||;")
# "Perfect! The fix is in place…": an opening exclamation says nothing a month later and takes
# room from the report's 900 characters.
_FILLER = re.compile(r"^(?:Perfect|Great|Excellent|Awesome|Nice|Good|Done|All done)[!.]\s+(?=\S)",
                     re.IGNORECASE)
# A script written to a scratch folder to answer a question is looking, as a command run there is.
_SCRATCH = re.compile(r"^(?:/private)?/tmp/|^/var/folders/|[/\\]AppData[/\\]Local[/\\]Temp[/\\]",
                      re.IGNORECASE)
_DELEGATES = frozenset(("Task", "Agent"))  # a subagent may change anything: its report is a status report


@dataclass(frozen=True, slots=True)
class Report:
    text: str
    message_uuid: str


def delegated_summary(text: str) -> str | None:
    """The summary of a background agent's completion notice (Claude Code's `<task-notification>`
    record, status completed): Claude's reply to it relays what that agent found."""
    if not text.lstrip().startswith("<task-notification>") or "<status>completed</status>" not in text:
        return None
    summary = _SUMMARY.search(text)
    return summary.group(1).strip() if summary else "a subagent"


def is_question(text: str) -> bool:
    stripped = text.strip()
    return stripped.endswith(QUESTION_MARKS) or _QUESTION.match(stripped) is not None


class ReportTracker:
    """Fed in transcript order (main thread only) by DigestState."""

    def __init__(self) -> None:
        self._question: str | None = None
        self._looks = 0
        self._changed = False
        self._ran = False  # a command that is not a look ran (a question's: looking; a task's: its work)
        self._report: tuple[str, str, bool] | None = None  # (text, uuid, read before: replayed)
        self._delegated: str | None = None  # a background agent finished: it did the looking
        self._seen: OrderedDict[str, bool] = OrderedDict()  # file read or changed -> written first here
        self._reworked = False  # the exchange changed a file that existed before it
        self._commanded = False  # it ran a command that changes something (a Task is not one)

    def on_human(self, text: str) -> Report | None:
        """The previous exchange's finding, if it had one; a new exchange starts."""
        found = self.flush()
        self._question = text if is_question(text) else None
        self._delegated = delegated_summary(text)
        self._looks, self._changed, self._ran, self._reworked, self._commanded = 0, False, False, False, False
        return found

    def on_text(self, text: str, uuid: str, *, replaying: bool) -> None:
        relayed = self._delegated is not None and self._report is not None  # its first words relay it
        if text.strip() and not relayed:
            self._report = (text, uuid, replaying)

    def on_call(self, call: ToolCall) -> Report | None:
        if call.name == HANDOVER:
            found = self._found(asked=True)
            self._report = None
            return found
        path = file_of(call)
        if path is not None and path not in self._seen:
            bounded_put(self._seen, path, call.name == "Write")  # its own new code
        # A command may write too, but trying things in a scratch folder, installing, dry runs are
        # how questions get answered: so is a script written to a scratch folder.
        if call.name in FILE_TOOLS and not _SCRATCH.search(path or ""):
            self._changed = True
            self._reworked = self._reworked or not self._seen.get(path or "", False)
        elif call.name not in _NOT_LOOKS:
            command = command_of(call)
            self._looks += len(_CHAIN.split(command)) if command else 1
            commanded = command is not None and not is_read_only(command)
            self._ran = self._ran or commanded or call.name in _DELEGATES
            self._commanded = self._commanded or commanded
        self._report = None  # words before a call narrate it; the report comes after the looks
        return None

    def flush(self) -> Report | None:
        """The finding of the exchange in progress (at the end of what was read)."""
        found = self._found(asked=False)
        self._report = None
        return found

    def _found(self, *, asked: bool) -> Report | None:
        report = self._long_report()
        if report is None:
            return None
        text, uuid = report
        text = _FILLER.sub("", text.lstrip(), count=1)
        if self._did_task():
            return Report(f"Done: {shorten(text, REPORT_CHARS)}", uuid)
        needed = 0 if self._delegated is not None else MIN_LOOKS  # a background agent did the looking
        if self._changed or self._looks < needed or not (self._question or asked or not self._ran):
            return None
        asked_for = f"Asked: {shorten(self._question, QUESTION_CHARS)}\n" if self._question else ""
        if self._delegated is not None:
            asked_for = f"Reported by a background agent ({shorten(self._delegated, QUESTION_CHARS)}):\n"
        return Report(f"{asked_for}Found: {shorten(text, REPORT_CHARS)}", uuid)

    def _did_task(self) -> bool:
        """Changed what existed: a file the session did not create, or (writing no file) anything a
        command changes. An exchange that wrote only the session's own new files describes new code."""
        commanded = self._commanded and not self._changed and self._question is None
        return self._delegated is None and (self._reworked or commanded)

    def _long_report(self) -> tuple[str, str] | None:
        """Claude's last words, when read for the first time and long enough to report something."""
        if self._report is None:
            return None
        text, uuid, replayed = self._report
        return None if replayed or len(text.strip()) < MIN_REPORT_CHARS else (text, uuid)
