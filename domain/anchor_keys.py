"""How an edited file or a run command is matched to anchors (issue 16), the words a stale mark
is shown with and what it does to a recall's weight. Only `posixpath`: the PreToolUse hook imports
this before every tool call, and the session start's search, so it must not pull `dataclasses`
(and `inspect`) or `enum` in as `domain/anchors.py` does."""

import posixpath
from collections.abc import Iterable

MAX_ANCHOR_CHARS = 500
MAX_PREFIX_WORDS = 6  # a prefix longer than this says nothing a shorter one would not
MAX_AT_ACTION_ITEMS = 3  # memories shown before one tool call
CHANGED, DELETED = "code changed", "file deleted"  # the stored marks (`Staleness` values)
STALE_FACTOR = 0.5  # a memory whose code changed since it was observed ranks at half its weight
_LABELS = {CHANGED: "stale: code changed", DELETED: "stale: file deleted, flagged for review"}


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


def command_keys(command: str) -> list[str]:
    """Every stored prefix that would match `command`: its first 1..6 words."""
    words = command.split()[:MAX_PREFIX_WORDS]
    return [" ".join(words[:n]) for n in range(1, len(words) + 1)]


def stale_label(reasons: Iterable[str | None]) -> str | None:
    """The marker recall shows for a memory's anchors: the worst of their marks, or None. Only
    the known marks are ever shown, never text from the store."""
    found = {r for r in reasons if r in _LABELS}
    for reason in (DELETED, CHANGED):
        if reason in found:
            return _LABELS[reason]
    return None


def stale_weight(weight: float, stale: str | None) -> float:
    """A bead whose anchored code changed since it was observed ranks lower, starred or not:
    what it says may no longer hold. The stored decay weight is untouched."""
    return weight * STALE_FACTOR if stale else weight
