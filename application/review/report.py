"""The review report (spec §11 step 4): what each batch promoted, consolidated, discarded,
flagged, kept, and what the sandbox rejected, with tokens, duration and a cost estimate."""

from dataclasses import dataclass, field, replace
from datetime import datetime

from abzu.domain.review.model import Rejection


@dataclass(frozen=True, slots=True)
class Outcome:
    """One decision as applied (or, in a dry run, as it would be applied)."""

    action: str
    ids: tuple[str, ...]
    bead_id: str | None = None
    reason: str = ""
    note: str = ""


@dataclass(frozen=True, slots=True)
class BatchReport:
    number: int
    candidates: int
    context: int
    outcomes: tuple[Outcome, ...] = ()
    rejected: tuple[Rejection, ...] = ()
    refused: str | None = None
    held_back: str | None = None
    error: str | None = None
    tokens_in: int = 0
    tokens_out: int = 0

    def count(self, action: str) -> int:
        return sum(1 for o in self.outcomes if o.action == action)


@dataclass(frozen=True, slots=True)
class Pricing:
    """US dollars per million tokens; configuration, since prices change."""

    input_per_mtok: float = 0.30
    output_per_mtok: float = 2.50

    def cost(self, tokens_in: int, tokens_out: int) -> float:
        return (tokens_in * self.input_per_mtok + tokens_out * self.output_per_mtok) / 1_000_000


@dataclass(frozen=True, slots=True)
class ReviewReport:
    review_id: str
    kind: str  # "full" or "mini"
    project: str | None
    reviewer: str
    model: str | None
    dry_run: bool
    started_at: datetime
    finished_at: datetime | None = None
    batches: tuple[BatchReport, ...] = ()
    snapshot: str | None = None
    cost_estimate: float = 0.0
    staged_total: int = 0
    stopped: bool = False
    notes: tuple[str, ...] = field(default=())

    def count(self, action: str) -> int:
        return sum(b.count(action) for b in self.batches)

    @property
    def rejected(self) -> int:
        return sum(len(b.rejected) for b in self.batches)

    @property
    def held_back(self) -> int:
        return sum(1 for b in self.batches if b.held_back)

    @property
    def failed(self) -> int:
        return sum(1 for b in self.batches if b.error or b.refused)

    @property
    def tokens_in(self) -> int:
        return sum(b.tokens_in for b in self.batches)

    @property
    def tokens_out(self) -> int:
        return sum(b.tokens_out for b in self.batches)

    @property
    def duration_ms(self) -> int:
        if self.finished_at is None:
            return 0
        return int((self.finished_at - self.started_at).total_seconds() * 1000)

    def with_batch(self, batch: BatchReport, pricing: Pricing) -> "ReviewReport":
        batches = (*self.batches, batch)
        spent = pricing.cost(sum(b.tokens_in for b in batches), sum(b.tokens_out for b in batches))
        return replace(self, batches=batches, cost_estimate=spent)
