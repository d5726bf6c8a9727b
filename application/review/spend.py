"""Reading what reviews spent, estimating a batch before it is sent, and the review cadence."""

from dataclasses import dataclass, field
from datetime import datetime
from typing import Protocol

from abzu.application.ports import Clock
from abzu.application.review.report import Pricing
from abzu.domain.review.batching import estimate_tokens
from abzu.domain.review.cadence import ReviewCadence
from abzu.domain.review.model import ReviewBatch
from abzu.domain.review.spend import (
    ANSWER_SHARE,
    PROMPT_OVERHEAD_TOKENS,
    Spend,
    SpendCeiling,
    month_start,
)


class SpendLedger(Protocol):
    """What the review log (abzu.db) says about past reviews; reads only."""

    def spent_since(self, moment: datetime) -> Spend: ...
    def last_review(self, *, full_only: bool) -> datetime | None: ...


def batch_estimate(batch: ReviewBatch, pricing: Pricing) -> Spend:
    texts = [i.content + (i.summary or "") for i in batch.candidates]
    texts += [b.content + (b.summary or "") for b in batch.context]
    prompt = PROMPT_OVERHEAD_TOKENS + sum(estimate_tokens(text) for text in texts)
    answer = int(prompt * ANSWER_SHARE)
    return Spend(prompt + answer, pricing.cost(prompt, answer))


@dataclass(frozen=True, slots=True)
class ReviewState:
    due: str | None
    spent_this_month: Spend
    ceiling: SpendCeiling


@dataclass(frozen=True, slots=True)
class GetReviewState:
    """For `status` (CLI and MCP): is a review due, and what did reviews spend this month."""

    ledger: SpendLedger
    clock: Clock
    ceiling: SpendCeiling
    cadence: ReviewCadence = field(default_factory=ReviewCadence)

    def execute(self, staged: int) -> ReviewState:
        now = self.clock.now()
        due = self.cadence.due(now, staged, self.ledger.last_review(full_only=False),
                               self.ledger.last_review(full_only=True))
        return ReviewState(due, self.ledger.spent_since(month_start(now)), self.ceiling)
