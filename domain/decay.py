"""Recall-driven decay (spec §9): weight reflects how long a bead has gone unrecalled."""

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from abzu.domain.category import Category

if TYPE_CHECKING:  # session start builds the policy for its queries and never a Bead
    from abzu.domain.bead import Bead

@dataclass(frozen=True, slots=True)
class DecayPolicy:
    """- 1.0 until 90 days without recall, then 0.5; 0.2 from 180 days; 0.1 from 365 days.
    - Between thresholds the previous step holds (so 30-89 days is still 1.0).
    - Never-recalled beads age from their creation.
    - Starred and preference beads are always 1.0. Decay never deletes.
    - Patterns decay slower (spec §5): every threshold is `slow_factor` times as far.
    """

    thresholds_days: tuple[tuple[int, float], ...] = ((365, 0.1), (180, 0.2), (90, 0.5))
    slow_categories: frozenset[Category] = frozenset({Category.PATTERN})
    slow_factor: int = 2

    def weight(self, bead: "Bead", *, now: datetime) -> float:
        return self.idle_weight(bead.category, starred=bead.starred,
                                idle_since=bead.last_accessed or bead.created_at, now=now)

    def idle_weight(self, category: Category, *, starred: bool, idle_since: datetime, now: datetime) -> float:
        """`weight` from a row's columns (a search hit that is not a whole Bead)."""
        if starred or category is Category.PREFERENCE:
            return 1.0
        idle_days = (now - idle_since).total_seconds() / 86400
        for days, weight in self.thresholds_for(category):
            if idle_days >= days:
                return weight
        return 1.0

    def thresholds_for(self, category: Category | None) -> tuple[tuple[int, float], ...]:
        if category in self.slow_categories:
            return tuple((days * self.slow_factor, weight) for days, weight in self.thresholds_days)
        return self.thresholds_days


def decay_cutoffs(
    policy: DecayPolicy, now: datetime, category: Category | None = None
) -> tuple[tuple[datetime, float], ...]:
    """The policy as (idle-since cutoff, weight) pairs, oldest first: what a SQL CASE needs."""
    return tuple((now - timedelta(days=days), weight) for days, weight in policy.thresholds_for(category))
