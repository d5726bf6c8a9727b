"""Remember.execute_many: bulk staging in one transaction, with the same rules as `execute`."""

from returns.result import Failure, Success

from abzu.application.remember import Destination, Remember, Remembered, RememberRequest
from abzu.domain.dedup import DedupOutcome
from abzu.domain.errors import EmptyContent
from tests.fakes import FakeUnitOfWork, FixedClock, FixedWorkspace, SequentialIds


def test_many_requests_share_one_commit_and_see_each_other() -> None:
    uow = FakeUnitOfWork()
    sut = Remember(uow=uow, clock=FixedClock(), ids=SequentialIds(), workspace=FixedWorkspace())
    outcomes = sut.execute_many([
        RememberRequest("Use WAL mode for SQLite stores", "learning", project="api"),
        RememberRequest("   ", "fix", project="api"),
        RememberRequest("use wal mode  for sqlite STORES", "learning", project="api"),
    ])
    match outcomes:
        case [Success(Remembered() as first), Failure(EmptyContent()), Success(Remembered() as again)]:
            assert first.destination is Destination.STAGING and first.outcome is DedupOutcome.STORED
            assert again.outcome is DedupOutcome.SKIPPED_DUPLICATE and again.id == first.id
        case _:
            raise AssertionError(outcomes)
    assert uow.commits == 1
    assert len(uow.candidates.rows) == 1
