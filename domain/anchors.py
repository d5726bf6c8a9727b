"""Anchors (issue 16): the files and command prefixes a memory is about.

A file anchor is a path relative to the project root ("src/app.py"); a command anchor is a
command prefix ("npm run build"), matched on whole words. Standard library only: the
PreToolUse hook uses `file_key` and `command_keys` on its hot path.
"""

import posixpath
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum

MAX_ANCHOR_CHARS = 500
MAX_PREFIX_WORDS = 6  # a prefix longer than this says nothing a shorter one would not
MAX_AT_ACTION_ITEMS = 3  # memories shown before one tool call
_NOT_COMMANDS = frozenset(("cd", "echo", "export", "source", "set"))  # say nothing about a tool
STALE_FACTOR = 0.5  # a memory whose code changed since it was observed ranks at half its weight


class AnchorKind(StrEnum):
    FILE = "file"
    COMMAND = "command"


class Staleness(StrEnum):
    """Why maintenance marked an anchor (issue 16.3); the words recall shows, never stored text."""

    CHANGED = "code changed"
    DELETED = "file deleted"  # flagged for review: the memory stays until a reviewer acts


@dataclass(frozen=True, slots=True)
class Anchor:
    kind: AnchorKind
    value: str
    # The git commit the memory was observed at (file anchors). Not part of equality: the same
    # file given twice is one anchor, and the first commit seen is kept.
    commit: str | None = field(default=None, compare=False)


@dataclass(frozen=True, slots=True)
class TrackedAnchor:
    """A file anchor of a live bead, with its commit and the project root it is relative to."""

    memory_id: str
    path: str
    commit: str
    root: str
    stale: Staleness | None = None


def file_key(path: str, root: str) -> str | None:
    """`path` relative to `root`, normalised ("a/./b" → "a/b"); None when outside the root."""
    path = path.replace("\\", "/").strip()
    if not path:
        return None
    root = posixpath.normpath(root.replace("\\", "/"))
    full = posixpath.normpath(path if posixpath.isabs(path) else posixpath.join(root, path))
    if full != root and not full.startswith(root.rstrip("/") + "/"):
        return None
    relative = posixpath.relpath(full, root)
    return relative[:MAX_ANCHOR_CHARS] if relative != "." else None


def command_key(prefix: str) -> str | None:
    """A command prefix as stored: its first words joined by one space."""
    words = prefix.split()[:MAX_PREFIX_WORDS]
    return " ".join(words)[:MAX_ANCHOR_CHARS] or None


def command_prefix(command: str, max_words: int = 3) -> str | None:
    """The prefix a mined command is anchored to: its leading words up to the first argument
    ("npm run build -- --prod" → "npm run build", "pytest tests/x.py -q" → "pytest"). Options,
    paths, assignments and quotes end it, so no argument (nor a secret in one) is kept."""
    words: list[str] = []
    for word in command.split():
        if words and (word[0] in "-'\"$<>|&;(" or any(c in word for c in "/.=:@")):
            break
        if not words and ("=" in word or word[0] in "'\"$<>|&;("):
            return None  # an assignment or a compound first: no plain command to anchor to
        words.append(word)
        if len(words) == max_words:
            break
    return " ".join(words) if words and words[0] not in _NOT_COMMANDS else None


def command_keys(command: str) -> list[str]:
    """Every stored prefix that would match `command`: its first 1..6 words."""
    words = command.split()[:MAX_PREFIX_WORDS]
    return [" ".join(words[:n]) for n in range(1, len(words) + 1)]


def anchors_for(files: list[str] | tuple[str, ...], commands: list[str] | tuple[str, ...],
                root: str) -> tuple[Anchor, ...]:
    """The anchors a `remember` asked for; paths outside the project and blanks are dropped."""
    found = [Anchor(AnchorKind.FILE, k) for k in (file_key(f, root) for f in files) if k]
    found += [Anchor(AnchorKind.COMMAND, k) for k in (command_key(c) for c in commands) if k]
    return tuple(dict.fromkeys(found))


Changes = Mapping[tuple[str, str], Mapping[str, Staleness]]  # (root, commit) -> path -> how


def stale_marks(tracked: Iterable[TrackedAnchor], changes: Changes) -> list[tuple[TrackedAnchor, Staleness]]:
    """The anchors to mark, given what git says changed per (root, commit): a changed file is
    "code changed", a deleted one "file deleted"; a mark is never downgraded (deleted stays)."""
    marks = []
    for anchor in tracked:
        found = changes.get((anchor.root, anchor.commit), {}).get(anchor.path)
        if found is not None and found != anchor.stale and anchor.stale is not Staleness.DELETED:
            marks.append((anchor, found))
    return marks


def stale_weight(weight: float, stale: str | None) -> float:
    """A bead whose anchored code changed since it was observed ranks lower, starred or not:
    what it says may no longer hold. The stored decay weight is untouched."""
    return weight * STALE_FACTOR if stale else weight


def stale_label(reasons: Iterable[str | None]) -> str | None:
    """The marker recall shows for a memory's anchors: the worst of their marks, or None."""
    found = {r for r in reasons if r in _LABELS}
    for reason in (Staleness.DELETED, Staleness.CHANGED):
        if reason.value in found:
            return _LABELS[reason.value]
    return None


_LABELS = {Staleness.CHANGED.value: "stale: code changed",
           Staleness.DELETED.value: "stale: file deleted, flagged for review"}
