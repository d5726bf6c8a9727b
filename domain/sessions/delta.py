"""The delta header (issue 15 item 4): what changed in memory since this project's previous
session, counted from `memory_events`. Ids, categories and counts only, never stored text, so it
needs no quoting."""

from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING

from abzu.domain.quoting import one_line
from abzu.domain.review.cadence import ReviewCadence

if TYPE_CHECKING:  # built only when there are bullets to show (delta_event.py)
    from abzu.domain.sessions.delta_event import DeltaEvent

DELTA_TITLE = "Memory since your last session here:"
MAX_BULLETS = 3
# The order the counts are read in: what a review decided first, then what waits for one.
COUNTED = ("promoted", "flagged", "unflagged", "superseded", "decayed", "deleted", "staged")


@dataclass(frozen=True, slots=True)
class MemoryDelta:
    """Events counted by kind since the project's previous session, the newest notable ones, and
    what the review line needs (staged total, last reviews)."""

    counts: dict[str, int] = field(default_factory=dict)
    recent: "tuple[DeltaEvent, ...]" = ()
    staged_total: int = 0
    last_review: datetime | None = None
    last_full_review: datetime | None = None


def delta_lines(delta: MemoryDelta | None, cadence: ReviewCadence, now: datetime) -> str | None:
    """"Memory since your last session here: 3 promoted, 1 flagged, 12 staged; mini-review due
    (monthly)"
    and at most three bullets; None when there was no previous session here, or nothing changed
    and no review is due."""
    if delta is None:
        return None
    due = cadence.due(now, delta.staged_total, delta.last_review, delta.last_full_review)
    counts = [f"{delta.counts[e]} {e}" for e in COUNTED if delta.counts.get(e)]
    if not counts and due is None:
        return None
    line = f"{DELTA_TITLE} {', '.join(counts) or 'no changes'}"
    if due:  # the cadence's reasons say "due" or how much is staged
        line += f"; {due}" if "due" in due else f"; review due: {due}"
    bullets = [_bullet(e) for e in delta.recent[:MAX_BULLETS]]
    return "\n".join([line, *bullets])


def _bullet(event: "DeltaEvent") -> str:
    detail = f" ({one_line(event.detail)[:60]})" if event.detail else ""
    return f"- {one_line(event.item_id)[:60]} {event.event}{detail}"
