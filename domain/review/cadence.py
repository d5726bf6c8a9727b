"""The review cadence of spec §5/§11: a mini-review monthly, a full review quarterly, sooner
when staging piles up. Apart from spend.py: the session start's review line needs this class only."""

from dataclasses import dataclass
from datetime import datetime, timedelta


@dataclass(frozen=True, slots=True)
class ReviewCadence:
    """Days between mini-reviews and full reviews, and the staged count that brings one sooner."""

    mini_days: int = 30
    full_days: int = 90
    staged_limit: int = 100

    def due(self, now: datetime, staged: int, last_any: datetime | None,
            last_full: datetime | None) -> str | None:
        """Why a review is due now, or None. Nothing staged: nothing to review."""
        if staged == 0:
            return None
        if staged > self.staged_limit:
            return f"{staged} candidates staged (more than {self.staged_limit})"
        if last_full is None or now - last_full >= timedelta(days=self.full_days):
            return "full review due (quarterly)" if last_full else "full review due (never reviewed)"
        if last_any is None or now - last_any >= timedelta(days=self.mini_days):
            return "mini-review due (monthly)"
        return None
