"""Anchors (issue 16): the files and command prefixes a memory is about.

A file anchor is a path relative to the project root ("src/app.py"); a command anchor is a
command prefix ("npm run build"), matched on whole words. The matching keys the PreToolUse hook
needs, and the stale weight every recall applies, live in `anchor_keys.py` (no dataclasses, no
enum on the hooks' paths).
"""

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from abzu.domain.anchor_keys import MAX_ANCHOR_CHARS, MAX_PREFIX_WORDS, file_key  # the hook's keys live apart

_NOT_COMMANDS = frozenset(("cd", "echo", "export", "source", "set"))  # say nothing about a tool


class AnchorKind(StrEnum):
    FILE = "file"
    COMMAND = "command"


class Staleness(StrEnum):
    """Why maintenance marked an anchor (issue 16.3); the words recall shows, never stored text."""

    CHANGED = "code changed"  # = anchor_keys.CHANGED (the hook reads marks as plain text)
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


def anchors_for(files: list[str] | tuple[str, ...], commands: list[str] | tuple[str, ...],
                root: str) -> tuple[Anchor, ...]:
    """The anchors a `remember` asked for; paths outside the project and blanks are dropped."""
    found = [Anchor(AnchorKind.FILE, k) for k in (file_key(f, root) for f in files) if k]
    found += [Anchor(AnchorKind.COMMAND, k) for k in (command_key(c) for c in commands) if k]
    return tuple(dict.fromkeys(found))


Changes = Mapping[tuple[str, str], Mapping[str, Staleness]]  # (root, commit) -> path -> how


Mark = tuple[TrackedAnchor, Staleness | None]  # None: the mark is lifted


def stale_marks(tracked: Iterable[TrackedAnchor], changes: Changes) -> list[Mark]:
    """The marks to write, given what git says changed per (root, commit): a changed file is
    "code changed", a deleted one "file deleted"; a mark is never downgraded (deleted stays, for
    a reviewer). A file marked "code changed" that git now finds as it was at the anchor's
    commit (the change was reverted) is fresh again: its mark is lifted. A (root, commit) git
    did not answer for changes nothing."""
    marks: list[Mark] = []
    for anchor in tracked:
        answered = changes.get((anchor.root, anchor.commit))
        if answered is None or anchor.stale is Staleness.DELETED:
            continue
        found = answered.get(anchor.path)
        if found != anchor.stale and (found is not None or anchor.stale is Staleness.CHANGED):
            marks.append((anchor, found))
    return marks

