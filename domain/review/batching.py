"""Sizing review batches to a token budget (a rough estimate: about 4 characters per token)."""

from collections.abc import Sequence
from dataclasses import dataclass

from abzu.domain.bead import Bead, Candidate

CHARS_PER_TOKEN = 4
ITEM_OVERHEAD_TOKENS = 24  # the tag, id and attributes around each item in the prompt


def estimate_tokens(text: str) -> int:
    return -(-len(text) // CHARS_PER_TOKEN) + ITEM_OVERHEAD_TOKENS


def _cost(item: Bead | Candidate) -> int:
    return estimate_tokens(item.content + (item.summary or ""))


@dataclass(frozen=True, slots=True)
class BatchPolicy:
    """- A batch's candidates fit in `budget_tokens` minus the share kept for context beads;
      a single candidate larger than that still goes, alone.
    - At most `max_items` candidates per batch; each brings up to `related_per_candidate` of its
      closest wisdom beads as context, while the context share of the budget lasts.
    """

    budget_tokens: int = 12_000
    max_items: int = 40
    context_share: float = 0.35
    related_per_candidate: int = 3

    def __post_init__(self) -> None:
        if self.budget_tokens <= 0 or self.max_items <= 0:
            raise ValueError("a batch needs a positive token budget and item count")

    @classmethod
    def one_at_a_time(cls) -> "BatchPolicy":
        """For a human: every decision is applied as soon as it is made."""
        return cls(max_items=1)

    def split(self, candidates: Sequence[Candidate]) -> list[tuple[Candidate, ...]]:
        limit = self.budget_tokens * (1 - self.context_share)
        batches: list[tuple[Candidate, ...]] = []
        current: list[Candidate] = []
        used = 0
        for candidate in candidates:
            cost = _cost(candidate)
            if current and (used + cost > limit or len(current) >= self.max_items):
                batches.append(tuple(current))
                current, used = [], 0
            current.append(candidate)
            used += cost
        if current:
            batches.append(tuple(current))
        return batches

    def trim_context(self, beads: Sequence[Bead]) -> tuple[Bead, ...]:
        limit, used, kept = self.budget_tokens * self.context_share, 0, []
        for bead in beads:
            used += _cost(bead)
            if used > limit:
                break
            kept.append(bead)
        return tuple(kept)
