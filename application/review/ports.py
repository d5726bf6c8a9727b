"""Ports of the review feature (spec §11): the reviewer, the review log, the candidate archive and
wisdom.db snapshots. Adapters implement them; tests use the fakes in tests/fakes.py."""

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from returns.maybe import Maybe
from returns.result import Result

from abzu.application.ports import UnitOfWork
from abzu.application.review.report import BatchReport, ReviewReport
from abzu.domain.bead import Candidate
from abzu.domain.errors import ExpectedFailure
from abzu.domain.review.model import Proposal, ReviewBatch

PERSON = "human"  # the reviewer name a person's review is logged under


@dataclass(frozen=True, slots=True)
class ReviewerIdentity:
    name: str  # PERSON for every human reviewer
    model: str | None = None
    human: bool = False


@dataclass(frozen=True, slots=True)
class ReviewAnswer:
    """What a reviewer proposed for one batch. `stop` asks for no further batches (a human quit)."""

    proposals: tuple[Proposal, ...]
    tokens_in: int = 0
    tokens_out: int = 0
    stop: bool = False


@dataclass(frozen=True, slots=True)
class ReviewUnavailable(ExpectedFailure):
    """The reviewer could not be reached or refused (quota, outage, timeout), after retries."""

    template = "reviewer unavailable: {reason}"
    reason: str


@dataclass(frozen=True, slots=True)
class ReviewMalformed(ExpectedFailure):
    """The reviewer answered, but not with valid decisions (bad JSON, wrong schema, truncated).
    The answer still cost what the reviewer reports: those tokens count towards the spend."""

    template = "reviewer answer rejected: {reason}"
    reason: str
    tokens_in: int = 0
    tokens_out: int = 0


ReviewFailure = ReviewUnavailable | ReviewMalformed


class Reviewer(Protocol):
    """Proposes decisions for one batch. Never touches a store; a failure is a value, never an
    empty answer (a timeout must not read as "no decisions")."""

    @property
    def identity(self) -> ReviewerIdentity: ...
    def review(self, batch: ReviewBatch) -> Result[ReviewAnswer, ReviewFailure]: ...


@dataclass(frozen=True, slots=True)
class ReviewRecord:
    review_id: str
    started_at: datetime
    snapshot: str
    finished_at: datetime | None = None
    reviewer: str = ""


class ReviewLog(Protocol):
    """The `review_log` table in abzu.db. `save` inserts or updates the row of the report's id;
    `last_undoable` is the newest review with a snapshot that was not undone. Never commits."""

    def save(self, report: ReviewReport) -> None: ...
    def last_undoable(self) -> Maybe[ReviewRecord]: ...
    def mark_undone(self, review_id: str, at: datetime) -> None: ...


class CandidateArchive(Protocol):
    """Copies of the candidates a review removed from staging, so an undo can stage them again."""

    def keep(self, review_id: str, candidates: Sequence[Candidate]) -> None: ...
    def taken_by(self, review_id: str) -> list[Candidate]: ...


class ReviewUnitOfWork(UnitOfWork, Protocol):
    """The unit of work, plus the review log and archive (both in abzu.db)."""

    @property
    def reviews(self) -> ReviewLog: ...
    @property
    def archive(self) -> CandidateArchive: ...


@dataclass(frozen=True, slots=True)
class SnapshotMissing(ExpectedFailure):
    template = "the snapshot {path} is no longer kept (only the newest 5 are)"
    path: str


class WisdomSnapshots(Protocol):
    """Copies of wisdom.db taken before a review changes it; only the newest few are kept.
    `restore` brings wisdom.db back to a snapshot with its search index rebuilt and checked."""

    def take(self, label: str) -> str: ...
    def restore(self, snapshot: str) -> Result[None, SnapshotMissing]: ...


class ReviewProgress(Protocol):
    """Told how many batches a review has, then about each batch as it is settled."""

    def started(self, batches: int) -> None: ...
    def settled(self, batch: BatchReport) -> None: ...


class NoProgress(ReviewProgress):
    def started(self, batches: int) -> None:
        return None

    def settled(self, batch: BatchReport) -> None:
        return None
