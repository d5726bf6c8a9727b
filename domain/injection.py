"""Tiered context injection and its budget (spec §7 "Injection Budget", §12).

Budgets are in characters (1 token ≈ 4 characters). On top of each tier's total, the whole
block never exceeds HARD_CAP: Claude Code replaces additional context above 10,000 characters
with a short preview, so anything longer would be lost silently.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

HARD_CAP = 9_500
CHARS_PER_TOKEN = 4
OMISSION = "[…]"



class Tier(StrEnum):
    MINIMAL = "minimal"
    STANDARD = "standard"
    FULL = "full"

    @classmethod
    def parse(cls, value: str | None) -> "Tier":
        """Lenient: case and spaces ignored; anything unknown or missing is Standard."""
        normalised = (value or "").strip().lower()
        return next((t for t in cls if t.value == normalised), cls.STANDARD)


@dataclass(frozen=True, slots=True)
class TierPlan:
    """What a tier loads (§12) and the character budget of each component (§7 table)."""

    persona_chars: int
    state_chars: int
    summary_chars: int
    gates_chars: int
    total_tokens: int
    persona_lines: int | None  # Minimal: a short persona (first lines only)
    gates_one_line: bool
    last_session: bool
    beads: int
    candidates: int
    all_snapshots: bool  # post-compact: every accumulated summary, or the last one only

    @property
    def total_chars(self) -> int:
        return min(self.total_tokens * CHARS_PER_TOKEN, HARD_CAP)


PLANS = {
    Tier.MINIMAL: TierPlan(200 * 4, 100 * 4, 1_500 * 4, 200 * 4, 2_000, 3, True, False, 0, 0, False),
    Tier.STANDARD: TierPlan(500 * 4, 100 * 4, 4_000 * 4, 400 * 4, 5_000, None, False, True, 3, 0, True),
    Tier.FULL: TierPlan(500 * 4, 100 * 4, 8_000 * 4, 400 * 4, 9_000, None, False, True, 5, 3, True),
}


def clip(text: str, limit: int) -> str:
    """`text` within `limit` characters, keeping its head and tail around an omission mark
    (a summary's opening states the task, its end the current work: both matter)."""
    if len(text) <= limit:
        return text
    if limit <= len(OMISSION):
        return ""
    keep = limit - len(OMISSION) - 2
    head = keep * 2 // 5
    start = len(text) - (keep - head)
    tail = text[start:]
    if text[start - 1] != "\n":
        # The tail starts mid-line: never show a line's end without its start, whose "> "
        # quote mark tells stored text apart (a cut stored line could read as a heading).
        cut = tail.find("\n")
        if cut < 0:
            return f"{text[:head].rstrip()} {OMISSION} {tail.lstrip()}"[:limit]
        tail = tail[cut + 1:]
    return f"{text[:head].rstrip()}\n{OMISSION}\n{tail}"[:limit]


def first_lines(text: str, count: int) -> str:
    return "\n".join([line for line in text.splitlines() if line.strip()][:count])


@dataclass(frozen=True, slots=True)
class Section:
    """A titled part of the block. Text sections are clipped to fit; item sections keep whole
    items only and count the ones left out (they are reachable through recall)."""

    title: str
    cap: int
    text: str = ""
    items: tuple[str, ...] = ()

    @property
    def is_list(self) -> bool:
        return bool(self.items)


@dataclass(frozen=True, slots=True)
class Assembled:
    """The block as injected, and how many recallable items it left out."""

    text: str
    omitted_items: int


def assemble(header: str, sections: Sequence[Section], *, budget: int, more: int = 0) -> Assembled:
    """Sections in priority order within `budget` (and HARD_CAP); ends with "N more items via
    recall" when anything recallable was left out (`more` counts items never offered)."""
    limit = min(budget, HARD_CAP)
    parts, omitted = _layout(header, sections, limit)
    omitted += more
    if omitted:
        parts.append(_footer(omitted))
    return Assembled("\n\n".join(parts)[:limit], omitted)


def room_for(header: str, before: Sequence[Section], title: str, cap: int, *, budget: int) -> int:
    """Characters the body of a section titled `title` would get after `before`: lets a caller
    shape text to the room (collapsing summaries) instead of having it clipped."""
    limit = min(budget, HARD_CAP)
    parts, _ = _layout(header, before, limit)
    return max(0, _room(parts, limit, cap) - len(title) - 1)


def _layout(header: str, sections: Sequence[Section], limit: int) -> tuple[list[str], int]:
    parts, omitted = [header.strip()], 0
    for section in sections:
        body, dropped = _fit(section, _room(parts, limit, section.cap) - len(section.title) - 1)
        omitted += dropped
        if body:
            parts.append(f"{section.title}\n{body}")
    return parts, omitted


def _room(parts: list[str], limit: int, cap: int) -> int:
    reserve = len(_footer(10**6))
    return min(cap, limit - reserve - len("\n\n".join(parts)) - 2)


def _fit(section: Section, room: int) -> tuple[str, int]:
    if not section.is_list:
        return (clip(section.text.strip(), room) if room > 40 else ""), 0
    kept: list[str] = []
    for item in section.items:
        if len("\n".join([*kept, item])) <= room:
            kept.append(item)
    return "\n".join(kept), len(section.items) - len(kept)


def _footer(count: int) -> str:
    return f"{count} more items via recall (enki_recall)."
