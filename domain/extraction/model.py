"""Value objects of heuristic extraction (re-exported by domain/extraction/heuristics.py)."""

import hashlib
from dataclasses import dataclass

from abzu.domain.category import Category

# (error line, how often it failed in the session so far, the message of its first failure)
FailureTally = tuple[tuple[str, int, str], ...]


@dataclass(frozen=True, slots=True)
class FixPair:
    """An error followed by a later success on the same file or command."""

    target: str  # the file path or the command that failed, then succeeded
    error: str
    change: str  # what was done between the failure and the success
    error_uuid: str
    fix_uuid: str
    files: tuple[str, ...] = ()
    tool_misuse: bool = False  # the error was Claude Code refusing the call, not the project
    commands: tuple[str, ...] = ()  # the program of the command whose re-run proved the fix (anchor)
    standalone: bool = False  # a command failed, something changed, the same program passed: a candidate
    cause: str = ""  # Claude's first explanation after the failure
    proof: str = ""  # the command that passed


@dataclass(frozen=True, slots=True)
class Decision:
    text: str
    message_uuid: str
    context: str = ""  # the request it answered and the message it was said in
    turn: int | None = None  # the exchange it was said in (exchanges.py)
    files: tuple[str, ...] = ()  # anchors: what that exchange edited and ran (issue 16)
    commands: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Note:
    """A learning, pattern or preference the session stated or showed (or a commit's own
    account of a change, a decision or a fix: commits.py)."""

    text: str
    message_uuid: str
    category: Category
    context: str = ""
    turn: int | None = None  # the exchange it was said in (exchanges.py); None: no one exchange
    files: tuple[str, ...] = ()  # anchors: what that exchange edited and ran (issue 16)
    commands: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class CandidateDraft:
    """A candidate before dedup (content and summary already redacted).

    (message_uuid, kind) is its idempotency key: the same draft from the same message is staged
    at most once, however often the transcript is mined.
    """

    content: str
    category: Category
    summary: str
    message_uuid: str
    files: tuple[str, ...] = ()
    context: str = ""  # the user request and the exchange the draft came from (recall indexes it)
    commands: tuple[str, ...] = ()  # command prefixes it is about (anchors, issue 16)

    @property
    def kind(self) -> str:
        digest = hashlib.sha256(self.content.encode("utf-8")).hexdigest()[:16]
        return f"{self.category.value}:{digest}"
