"""Use case: the latest reviews with what they did and cost (the web page's review history)."""

from dataclasses import dataclass
from datetime import datetime
from typing import Protocol


@dataclass(frozen=True, slots=True)
class PastReview:
    review_id: str
    kind: str  # full or mini
    project: str | None
    reviewer: str  # gemini or human
    started_at: datetime
    promoted: int
    discarded: int
    flagged: int
    rejected: int
    tokens: int
    cost: float
    undone: bool


class ReviewHistory(Protocol):
    """`review_log` read newest first; read-only."""

    def latest(self, limit: int) -> list[PastReview]: ...


@dataclass(frozen=True, slots=True)
class PastReviews:
    history: ReviewHistory

    def execute(self, limit: int = 20) -> list[PastReview]:
        return self.history.latest(limit)
