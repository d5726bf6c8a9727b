"""The deterministic rules of heuristic extraction: what is an error, a success, a decision.

Claude Code reports more than failures as `is_error` (claude-code.md §8.3): permission denials,
user rejections and interrupts are the user's choices, not problems that a later change fixed.
"""

import re
from collections.abc import Mapping
from enum import Enum

from abzu.domain.extraction.transcript import ToolCall, ToolOutcome
from abzu.domain.extraction.transcript_text import shorten, without_ansi

FILE_TOOLS = frozenset({"Edit", "Write", "MultiEdit", "NotebookEdit"})


class Outcome(Enum):
    SUCCESS = "success"
    FAILED = "failed"  # a command or tool that did not do its job
    TOOL_MISUSE = "tool-misuse"  # Claude Code refused the call itself (<tool_use_error>)
    NOT_AN_ERROR = "not-an-error"  # denied, rejected, interrupted


_NOT_ERRORS = re.compile(
    r"you haven't granted it yet|Permission to use \S+ .*?has been denied|has been denied"
    r"|The user doesn't want to (?:proceed|take this action)|\[Request interrupted by user",
    re.IGNORECASE,
)
_TOOL_MISUSE = re.compile(r"<tool_use_error>|^\s*InputValidationError", re.IGNORECASE)
# Failures visible in a Bash output that Claude Code did not flag as an error.
_FAILURE_IN_OUTPUT = re.compile(
    r"^Traceback \(most recent call last\):|^Exit code [1-9]\d*\b|: command not found\b"
    r"|^npm ERR!|\berror TS\d{3,5}:|^FAILED |^=+ .*\b\d+ failed\b|^fatal: |panicked at "
    r"|\? \(y/n \[n\]\) not overwritten$",  # `cp -i`/`mv -i` (an alias) said no and exited 0
    re.MULTILINE,
)
# Substrings one of which every match above contains: a cheap test before the regex.
_FAILURE_HINTS = ("Traceback", "Exit code", "command not found", "npm ERR!", "error TS", "FAILED",
                  " failed", "fatal: ", "panicked at ", "not overwritten")
_ERROR_LINE = re.compile(
    r"error|exception|traceback|failed|fatal|not found|no such file|cannot|denied|invalid|not overwritten",
    re.IGNORECASE,
)
_NOISE_LINE = re.compile(r"^\s*(?:npm warn|warning:|\s*$)", re.IGNORECASE)
_TAGS = re.compile(r"</?tool_use_error>")
# Looks: the programs that only read this machine, and the read verbs of the usual command-line
# clients (`gh pr view`, `kubectl get`, `docker logs`): what a look is does not depend on the project.
_LOCAL_LOOKS = (r"ls|cat|find|grep|rg|pwd|echo|head|tail|tree|wc|which|stat|du|df|file|sed -n"
                r"|git (?:status|log|diff|show|branch|blame|grep|ls-files|rev-parse|reflog|remote -v)")
# jq reads local data but queries it as the clients do: empties.py reads its empty answers.
_CLIENT_READS = (r"jq|gh (?:pr|issue|run|repo|release|workflow) (?:view|list|diff|status|checks)"
                 r"|gh api (?!.*(?:\s-X\s|--method|\s-[fF]\s|--field|--raw-field|--input))"
                 r"|kubectl (?:get|describe|logs|top|explain)|docker (?:ps|logs|inspect|images)"
                 r"|npm (?:ls|view|outdated)|pip (?:show|list|freeze)")
_LOCAL_LOOK = re.compile(rf"^(?:cd \S+ && )?(?:{_LOCAL_LOOKS})\b")
_READ_ONLY = re.compile(rf"^(?:cd \S+ && )?(?:{_LOCAL_LOOKS}|{_CLIENT_READS})\b")


def is_local_look(command: str) -> bool:
    """A look at this machine (`grep`, `ls`, `git log`): a search that finds nothing missed;
    a client's query answered empty (`kubectl get`) says where the data is not."""
    return _LOCAL_LOOK.match(command) is not None


_DISCARDED = re.compile(r"\s\d?>\s*/dev/null\b|\s\d?>&\d\b")  # 2>/dev/null, 2>&1: nothing written


_NO_OPS = frozenset(("true", "false", ":", "do", "done", "then", "fi", "else"))
# A script's lines are steps as a chain's are (`ls\nrm -rf build` removes a folder).
_CHAINED = re.compile(r"\s*(?:;|&&|\|\||\n)\s*")
# The shell around a script's commands: `cd`, a variable set, a loop's head.
_STRUCTURE = re.compile(r"^(?:cd |[A-Za-z_]\w*=\S*$|for \w+ in )")


def is_read_only(command: str) -> bool:
    """A command that only looks (no redirection into a file): every command of a chain or a
    script (`ls .venv; uv run app` runs `uv run app` too)."""
    if ">" in command and ">" in _DISCARDED.sub(" ", command):
        return False
    steps = [s for s in _CHAINED.split(command.strip())
             if s and _STRUCTURE.match(s) is None and s not in _NO_OPS]
    return bool(steps) and all(_READ_ONLY.match(s) is not None for s in steps)


# The only tools whose SUCCESSFUL output the heuristics read (`classify` for Bash, the task
# number for TaskCreate, the person's answer for AskUserQuestion): the transcript reader drops
# every other successful output unread, unredacted (issue 13.7). Reading a new one here means
# adding its tool to this set.
OUTPUT_READERS = frozenset({"Bash", "TaskCreate", "AskUserQuestion"})
# The only tool-input keys anything reads (`file_of`, `command_of`, `describe_change`, tasks.py):
# the reader keeps no others (a Write's whole file, a subagent's prompt), so never redacts them.
INPUT_KEYS_READ = frozenset({"file_path", "notebook_path", "command", "old_string", "new_string", "edits",
                             "todos", "status", "taskId", "subject", "questions", "url", "query"})
# Claude Code's own memory folder (memory_files.py): the one place a Write's whole text is read.
# Either separator: Claude Code on Windows writes `C:\Users\…\.claude\projects\…`.
_MEMORY_FILE = re.compile(r"[/\\]\.claude[/\\]projects[/\\][^/\\]+[/\\]memory[/\\][^/\\]+\.md$")


def is_memory_file(path: object) -> bool:
    return isinstance(path, str) and _MEMORY_FILE.search(path) is not None


# The standing instructions a project (or the person, in ~/.claude) keeps for agents.
_INSTRUCTIONS_FILE = re.compile(r"(?:^|[/\\])((?:CLAUDE|AGENTS|GEMINI)\.md|copilot-instructions\.md)$")


def instructions_file(path: object) -> str | None:
    """The name of the agents' instructions file at `path` (CLAUDE.md, AGENTS.md…), or None."""
    found = _INSTRUCTIONS_FILE.search(path) if isinstance(path, str) else None
    return found.group(1) if found else None


# A command piped into a filter (`… 2>&1 | head -30`) exits with the filter's status: its
# own failure only shows as an error line in the output (`error: …`, `…: Permission denied`).
_FILTERED = re.compile(r"\|\s*(?:head|tail|grep|tee|less|more|sort|wc|cut)\b[^|]*$")
# The errors a log shows are the app's, not the command's.
_LOG_VIEWER = re.compile(r"\b(?:logs?|journalctl)\b")
_ERROR_IN_FILTERED = re.compile(
    r"^(?:error|fatal|ERROR|Error)(?:\[\w-]+\])?: |^\w*(?:Error|Exception): |: Permission denied$",
    re.MULTILINE,
)


def classify(call: ToolCall | None, outcome: ToolOutcome) -> Outcome:
    if outcome.is_error:
        if _NOT_ERRORS.search(outcome.text[:500]):
            return Outcome.NOT_AN_ERROR
        return Outcome.TOOL_MISUSE if _TOOL_MISUSE.search(outcome.text) else Outcome.FAILED
    if call is not None and call.name == "Bash" and _shows_failure(outcome.text, command_of(call)):
        return Outcome.FAILED
    return Outcome.SUCCESS


def _shows_failure(output: str, command: str | None) -> bool:
    if any(hint in output for hint in _FAILURE_HINTS) and _FAILURE_IN_OUTPUT.search(output) is not None:
        return True
    masked = (command is not None and _FILTERED.search(command) is not None and not is_read_only(command)
              and _LOG_VIEWER.search(command) is None)
    return masked and _ERROR_IN_FILTERED.search(output) is not None


def file_of(call: ToolCall | None, outcome: ToolOutcome | None = None) -> str | None:
    if call is not None:
        for key in ("file_path", "notebook_path"):
            value = call.input.get(key)
            if isinstance(value, str) and value:
                return value
    return outcome.file_path if outcome is not None else None


def edit_pairs(call: ToolCall) -> list[tuple[str, str]]:
    """(old, new) text of each change a Write, Edit or MultiEdit makes (a Write: from nothing)."""
    if call.name == "Write":
        return [("", str(call.input.get("content") or ""))]
    edits = call.input.get("edits") if call.name == "MultiEdit" else [call.input]
    if not isinstance(edits, list):
        return []
    return [(str(e.get("old_string") or ""), str(e.get("new_string") or ""))
            for e in edits if isinstance(e, Mapping)]


def added_lines(old: str, new: str) -> list[str]:
    """The lines of `new` that `old` did not have: what an edit adds (kept lines left out)."""
    kept = set(old.splitlines())
    return [line for line in new.splitlines() if line not in kept]


def command_of(call: ToolCall | None) -> str | None:
    if call is None or call.name != "Bash":
        return None
    command = call.input.get("command")
    return " ".join(command.split()) if isinstance(command, str) and command.strip() else None


def error_excerpt(text: str, limit: int = 300) -> str:
    """The lines of an output that say what went wrong, without ANSI codes or warnings."""
    lines = [ln.strip() for ln in without_ansi(_TAGS.sub("", text)).splitlines()]
    meaningful = [ln for ln in lines if ln and not _NOISE_LINE.match(ln)]
    telling = [ln for ln in meaningful if _ERROR_LINE.search(ln)]
    chosen = (telling[:2] + telling[-1:]) if len(telling) > 3 else telling or meaningful[:3]
    return shorten(" | ".join(dict.fromkeys(chosen)), limit)


def describe_change(call: ToolCall) -> str:
    """One line saying what a successful call changed, for the 'fixed by' part of a fix."""
    path = file_of(call)
    if call.name == "Bash":
        return f"ran `{shorten(command_of(call) or '', 100)}`"
    if call.name == "Edit":
        return f"edited {path}: {_replacement(call.input)}"
    if call.name == "MultiEdit":
        edits = call.input.get("edits")
        first = edits[0] if isinstance(edits, list) and edits and isinstance(edits[0], Mapping) else {}
        count = len(edits) if isinstance(edits, list) else 0
        return f"edited {path} ({count} edits): {_replacement(first)}"
    verbs = {"Write": "wrote", "NotebookEdit": "edited notebook", "Read": "read"}
    return f"{verbs.get(call.name, call.name)} {path}"


def _replacement(edit: Mapping[str, object]) -> str:
    old, new = edit.get("old_string"), edit.get("new_string")
    return f'"{shorten(str(old or ""), 70)}" → "{shorten(str(new or ""), 70)}"'
