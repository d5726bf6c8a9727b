"""Anchors (issue 16): the files and command prefixes a memory is about.

A file anchor is a path relative to the project root ("src/app.py"); a command anchor is a
command prefix ("npm run build"), matched on whole words. Standard library only: the
PreToolUse hook uses `file_key` and `command_keys` on its hot path.
"""

import posixpath
from dataclasses import dataclass
from enum import StrEnum

MAX_ANCHOR_CHARS = 500
MAX_PREFIX_WORDS = 6  # a prefix longer than this says nothing a shorter one would not
MAX_AT_ACTION_ITEMS = 3  # memories shown before one tool call


class AnchorKind(StrEnum):
    FILE = "file"
    COMMAND = "command"


@dataclass(frozen=True, slots=True)
class Anchor:
    kind: AnchorKind
    value: str


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
