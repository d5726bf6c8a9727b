"""The monthly spend ceiling in RunReview, and the review cadence, with fakes and a fixed clock."""

from dataclasses import dataclass, field
from datetime import datetime, timedelta

import pytest

from abzu.application.review.run_review import ReviewRequest, RunReview
from abzu.domain.review.batching import BatchPolicy
from abzu.domain.review.cadence import ReviewCadence
from abzu.domain.review.model import Proposal
from abzu.domain.review.spend import Spend, SpendCeiling, month_start
from tests.fakes import T0, FakeSnapshots, FakeUnitOfWork, FixedClock, ScriptedReviewer, SequentialIds
from tests.unit.review.helpers import candidate, stage

C1 = candidate("c-1", "Use WAL mode so readers never block the writer")
C2 = candidate("c-2", "Busy timeout of 5 s avoids database is locked errors")


@dataclass
class FakeLedger:
    spent: Spend = field(default_factory=Spend)
    asked_since: list[datetime] = field(default_factory=list)

    def spent_since(self, moment: datetime) -> Spend:
        self.asked_since.append(moment)
        return self.spent

    def last_review(self, *, full_only: bool) -> datetime | None:
        return None


def review(
    uow: FakeUnitOfWork, reviewer: ScriptedReviewer, ledger: FakeLedger, ceiling: SpendCeiling
) -> RunReview:
    return RunReview(uow, reviewer, FakeSnapshots(uow), FixedClock(), SequentialIds(),
                     policy=BatchPolicy(max_items=1), ledger=ledger, ceiling=ceiling)


def test_a_batch_that_would_pass_the_ceiling_is_never_sent(uow: FakeUnitOfWork) -> None:
    stage(uow, C1, C2)
    reviewer = ScriptedReviewer([Proposal("promote", ("c-1",))], [Proposal("promote", ("c-2",))])
    ceiling = SpendCeiling(max_tokens=3_000)  # a batch is estimated at ~1,900 tokens
    report = review(uow, reviewer, FakeLedger(Spend(1_500)), ceiling).execute(ReviewRequest()).unwrap()
    assert len(reviewer.batches) == 0 and report.stopped
    assert "3,000 tokens (1,500 spent)" in report.notes[0]
    assert set(uow.candidates.rows) >= {"c-1", "c-2"}  # both still staged


def test_what_this_run_spent_counts_toward_the_ceiling(uow: FakeUnitOfWork) -> None:
    stage(uow, C1, C2)
    reviewer = ScriptedReviewer([Proposal("promote", ("c-1",))], [Proposal("promote", ("c-2",))])
    ledger = FakeLedger()
    ceiling = SpendCeiling(max_tokens=2_000)  # the first batch fits; 120 spent + the second does not
    report = review(uow, reviewer, ledger, ceiling).execute(ReviewRequest()).unwrap()
    assert len(reviewer.batches) == 1 and report.count("promote") == 1 and report.stopped
    assert "c-2" in uow.candidates.rows
    assert ledger.asked_since == [month_start(T0)]


def test_a_human_reviewer_costs_nothing_and_is_never_capped(uow: FakeUnitOfWork) -> None:
    stage(uow, C1)
    reviewer = ScriptedReviewer([Proposal("promote", ("c-1",))], human=True)
    ledger = FakeLedger(Spend(10**9, 1e6))
    report = review(uow, reviewer, ledger, SpendCeiling(1, 0.01)).execute(ReviewRequest()).unwrap()
    assert report.count("promote") == 1 and ledger.asked_since == []


def test_the_cost_ceiling_names_dollars() -> None:
    refusal = SpendCeiling(max_cost=1.0).refusal(Spend(0, 0.99), Spend(100, 0.02))
    assert refusal is not None and "ceiling of $1.00 ($0.9900 spent)" in refusal
    assert SpendCeiling(max_cost=1.0).refusal(Spend(0, 0.5), Spend(100, 0.02)) is None


NOW = T0 + timedelta(days=400)


@pytest.mark.parametrize(("staged", "last_any", "last_full", "due"), [
    (0, None, None, None),
    (3, None, None, "full review due (never reviewed)"),
    (3, NOW - timedelta(days=10), NOW - timedelta(days=91), "full review due (quarterly)"),
    (3, NOW - timedelta(days=31), NOW - timedelta(days=60), "mini-review due (monthly)"),
    (3, NOW - timedelta(days=5), NOW - timedelta(days=60), None),
    (101, NOW - timedelta(days=1), NOW - timedelta(days=1), "101 candidates staged (more than 100)"),
])
def test_a_review_is_due_monthly_quarterly_or_when_staging_piles_up(
    staged: int, last_any: datetime | None, last_full: datetime | None, due: str | None
) -> None:
    assert ReviewCadence().due(NOW, staged, last_any, last_full) == due
