"""The monthly ceiling on what reviews may spend with Gemini (issue 15). The review cadence is
in cadence.py: the session start reads it and none of this."""

from dataclasses import dataclass
from datetime import datetime

from abzu.domain.counts import Counts

# Answers are shorter than prompts: the output of a batch is estimated at this share of its input.
ANSWER_SHARE = 0.25
PROMPT_OVERHEAD_TOKENS = 1_500  # instructions and schema sent with every batch


@dataclass(frozen=True, slots=True)
class Spend(Counts):
    tokens: int = 0
    cost: float = 0.0


@dataclass(frozen=True, slots=True)
class SpendCeiling:
    """Per calendar month (UTC). None means no ceiling on that measure."""

    max_tokens: int | None = None
    max_cost: float | None = None

    def refusal(self, spent: Spend, next_batch: Spend) -> str | None:
        """Why the next batch may not start, or None when it fits under both ceilings."""
        after = spent + next_batch
        if self.max_tokens is not None and after.tokens > self.max_tokens:
            return (f"the next batch (about {next_batch.tokens:,} tokens) would pass this month's "
                    f"ceiling of {self.max_tokens:,} tokens ({spent.tokens:,} spent)")
        if self.max_cost is not None and after.cost > self.max_cost:
            return (f"the next batch (about ${next_batch.cost:.4f}) would pass this month's "
                    f"ceiling of ${self.max_cost:.2f} (${spent.cost:.4f} spent)")
        return None


def month_start(now: datetime) -> datetime:
    return now.replace(day=1, hour=0, minute=0, second=0, microsecond=0)
