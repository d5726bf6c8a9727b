"""What Claude saved to its own memory (capture-fifth): the shape of a note kept on purpose.

Claude Code keeps a memory folder per project (`~/.claude/projects/<project>/memory/`: one
Markdown file a memory, MEMORY.md their index) and writes to it when it decides something is
worth keeping: the person's feedback on how to work, a fact about the user or the project. A
Write of such a file, or the lines an Edit adds to one, is a memory the session itself chose:
one candidate, whoever's words it holds. The file's front matter names its kind (`type:
feedback` or `user`: how the person wants work done, a preference; anything else a learning);
without one, a rule ("always", "never", "don't", "prefer") is a preference.
The instructions a project keeps for agents (CLAUDE.md, AGENTS.md, GEMINI.md,
copilot-instructions.md) are the same kind of note when an Edit adds to them: the lines added are
one thing the session learned and chose to keep. A Write of one is not: it is a whole overview
(`/init`), not one thing learned.
"""

import re
from dataclasses import dataclass

from abzu.domain.category import Category
from abzu.domain.extraction.rules import added_lines, edit_pairs, file_of, instructions_file, is_memory_file
from abzu.domain.extraction.transcript import ToolCall
from abzu.domain.extraction.transcript_text import shorten

_FRONT_MATTER = re.compile(r"\A---\n(.*?)\n---\n?", re.DOTALL)
_TYPE = re.compile(r"^\s*type:\s*(\w+)", re.MULTILINE)
_DESCRIPTION = re.compile(r"^description:\s*(.+)$", re.MULTILINE)
_BULLET = re.compile(r"^\s*(?:[-*+]|\d+\.)\s+")
_PERSONS = frozenset(("feedback", "user"))
_RULE = re.compile(r"\b(?:always|never|don'?t|do not|prefer|must not|avoid)\b", re.IGNORECASE)
MIN_CHARS, MAX_CHARS = 20, 600
SAVED = "Saved to memory"


@dataclass(frozen=True, slots=True)
class Saved:
    text: str
    category: Category


def saved_memory(call: ToolCall) -> Saved | None:
    """The memory a Write or Edit of Claude Code's memory folder, or an Edit of an instructions
    file, keeps, or None."""
    where = _kept_in(call)
    if where is None:
        return None
    pairs = edit_pairs(call)
    if where != SAVED:  # an instructions file: an edit that rewrites what was there brings an
        pairs = [(old, new) for old, new in pairs if _only_adds(old, new)]  # overview up to date
    kind, parts = None, []
    for old, new in pairs:
        added = "\n".join(_BULLET.sub("", line) for line in added_lines(old, new))
        front = _FRONT_MATTER.match(added)
        if front:
            kind = kind or _first(_TYPE, front.group(1))
            added = added[front.end():]
            described = _first(_DESCRIPTION, front.group(1)) or ""
            parts.append(described if described.casefold() not in added.casefold() else "")
        parts.append(added)
    text = " ".join(" ".join(parts).split())
    if len(text) < MIN_CHARS:
        return None
    preference = kind in _PERSONS if kind else _RULE.search(text) is not None
    return Saved(shorten(f"{where}: {text}", MAX_CHARS),
                 Category.PREFERENCE if preference else Category.LEARNING)


def _kept_in(call: ToolCall) -> str | None:
    """How the note was kept: saved to Claude's memory folder, or added to an instructions file."""
    if call.name not in ("Edit", "Write", "MultiEdit"):
        return None
    path = file_of(call)
    if is_memory_file(path):
        return SAVED
    name = instructions_file(path) if call.name != "Write" else None
    return f"Added to {name}" if name else None


def _only_adds(old: str, new: str) -> bool:
    return set(old.splitlines()) <= set(new.splitlines())


def _first(pattern: re.Pattern[str], text: str) -> str | None:
    found = pattern.search(text)
    return found.group(1).strip() if found else None
