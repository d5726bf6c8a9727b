"""What a commit says it changed and why (issue 30.2): the record Claude wrote for a later reader.

Shape: a `git commit` that did not fail, whose message has a body. A subject alone (`chore: bump
deps`) says what changed; the body is where a commit says why, written for someone who was not
there, in the project's own language. The message is read from the command (`-m`, `--message`,
`-F -` with a here-document, `-m "$(cat <<'EOF' … EOF)"`); git trailers (Co-Authored-By,
Signed-off-by, Entire-Checkpoint) and the "Generated with Claude Code" line are left out. A
conventional `fix` commit is a fix, any other a decision. At most MAX_COMMITS per pass: the ones
that explain most (the longest bodies), in the order they were made. `--amend` rewrites the last
commit: its message replaces that commit's, not a second candidate beside it.
"""

import re
import shlex
from collections import OrderedDict
from dataclasses import dataclass

from abzu.domain.category import Category
from abzu.domain.extraction.tasks import bounded_put
from abzu.domain.extraction.transcript import ToolCall

MAX_COMMITS = 3
MIN_BODY_CHARS = 40
COMMIT_CHARS = 900
_COMMIT = re.compile(r"\bgit(?:\s+-C\s+\S+)?\s+commit\b")
# A here-document up to its terminator, or to the end of a command the reader cut (2,000 characters)
_HEREDOC = re.compile(r"<<-?\s*(['\"]?)(\w+)\1[^\n]*\n(.*?)(?:\n\s*\2\b|…?\Z)", re.DOTALL)
_MESSAGE_FILE = re.compile(r"(?:-F|--file)[= ]\s*(\S+)")
_END = re.compile(r"&&|\|\||;|\n")
_TRAILER = re.compile(r"^[A-Za-z][\w-]*: \S")
_GENERATED = re.compile(r"Generated with \[?Claude Code|^🤖")
_AMEND = re.compile(r"\s--amend\b")
_FIX_TYPES = re.compile(r"^(?:fix|hotfix|bugfix)(?:\([^)]*\))?!?:", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Commit:
    text: str
    category: Category
    body_chars: int
    amends: bool = False  # `--amend`: it replaces the last commit


def commit_of(call: ToolCall) -> Commit | None:
    """The commit a Bash call makes, when its message has a body."""
    command = call.input.get("command")  # as written: command_of folds the message's lines
    if not isinstance(command, str) or (found := _COMMIT.search(command)) is None:
        return None
    message = _message(command, found.end())
    if message is None:
        return None
    subject, _, body = _cleaned(message).partition("\n")
    body = body.strip()
    if len(body) < MIN_BODY_CHARS:
        return None
    category = Category.FIX if _FIX_TYPES.match(subject) else Category.DECISION
    amends = _AMEND.search(_first_command(command[found.end():])) is not None
    return Commit(_cut(f"Committed: {subject.strip()}\n{body}"), category, len(body), amends)


def _cut(text: str) -> str:
    """At most COMMIT_CHARS, the message's lines kept (its lists read as lists)."""
    if len(text) <= COMMIT_CHARS:
        return text
    cut = text[: COMMIT_CHARS - 1]
    line_end = cut.rfind("\n")
    return (cut[:line_end] if line_end > COMMIT_CHARS // 2 else cut) + "…"


def _message(command: str, start: int) -> str | None:
    after = command[start:]
    segment = _first_command(after)
    named = _MESSAGE_FILE.search(segment)
    if named is not None and named.group(1) != "-":  # written to a file first: `cat > F <<'EOF'`
        written = re.search(r">\s*" + re.escape(named.group(1)) + r"\s*<<", command[:start])
        heredoc = _HEREDOC.search(command, written.start()) if written is not None else None
        return heredoc.group(3) if heredoc is not None else None
    heredoc = _HEREDOC.search(after)
    if heredoc is not None:
        return heredoc.group(3)
    try:
        words = shlex.split(segment)
    except ValueError:  # quotes left open: not a message read with confidence
        return None
    parts = [value for flag, value in zip(["", *words], words, strict=False) if _takes_message(flag)]
    parts += [w.removeprefix("--message=") for w in words if w.startswith("--message=")]
    return "\n\n".join(parts) or None


def _first_command(text: str) -> str:
    """`text` up to the first `&&`, `||`, `;` or line end outside quotes (a message may span lines)."""
    quote = ""
    for i, char in enumerate(text):
        if quote:
            quote = "" if char == quote and text[i - 1] != "\\" else quote
        elif char in "'\"":
            quote = char
        elif _END.match(text, i):
            return text[:i]
    return text


def _takes_message(flag: str) -> bool:
    """`-m`, and short flags ending in it (`-am`); not `--amend` or `-m` attached to its value."""
    return flag == "--message" or (flag.startswith("-") and not flag.startswith("--") and flag.endswith("m"))


def _cleaned(message: str) -> str:
    lines = [line.rstrip() for line in message.strip().splitlines() if not _GENERATED.search(line)]
    while lines and (not lines[-1] or _TRAILER.match(lines[-1])):  # the trailer block at the end
        lines.pop()
    return "\n".join(lines)


@dataclass(frozen=True, slots=True)
class Made:
    commit: Commit
    message_uuid: str
    turn: int | None
    request: str | None  # what the person had asked for


class CommitTracker:
    """Commits in the order they were made; a commit whose call failed or was refused is dropped."""

    def __init__(self) -> None:
        self._made: OrderedDict[str, Made] = OrderedDict()  # call id -> the commit it made
        self._amended: tuple[str, str, Made] | None = None  # (amending call, replaced call, its commit)

    def on_call(self, call: ToolCall, uuid: str, turn: int | None, request: str | None) -> None:
        commit = commit_of(call) if call.name == "Bash" else None
        if commit is None:
            return
        if commit.amends and self._made:
            last = next(reversed(self._made))
            self._amended = (call.id, last, self._made.pop(last))
        bounded_put(self._made, call.id, Made(commit, uuid, turn, request))

    def on_not_done(self, call_id: str) -> None:
        self._made.pop(call_id, None)
        if self._amended is not None and self._amended[0] == call_id:  # the amend failed: the commit stands
            _, replaced, made = self._amended
            self._made[replaced] = made
            self._amended = None

    def kept(self) -> list[Made]:
        ranked = sorted(self._made.values(), key=lambda made: made.commit.body_chars, reverse=True)
        best = ranked[:MAX_COMMITS]
        return [made for made in self._made.values() if made in best]
