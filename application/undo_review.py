"""Use case: undo the last review (`abzu review --undo`)."""

from dataclasses import dataclass

from returns.maybe import Some
from returns.result import Failure, Result, Success

from abzu.application.ports import Clock
from abzu.application.review_errors import NothingToUndo
from abzu.application.review_ports import (
    ReviewRecord,
    ReviewUnitOfWork,
    SnapshotMissing,
    WisdomSnapshots,
)


@dataclass(frozen=True, slots=True)
class Undone:
    review_id: str
    snapshot: str
    restaged: int


@dataclass(frozen=True, slots=True)
class UndoReview:
    """- Restores wisdom.db as it was before the newest review that changed it (its snapshot),
      search index rebuilt; beads written to wisdom.db since that review are lost too.
    - Candidates that review promoted, merged or discarded are staged again (unless the same
      text is staged by now); the review is marked undone, so a second undo goes one further back.
    - Wisdom first, then staging: an undo interrupted in between can simply be run again.
    """

    uow: ReviewUnitOfWork
    snapshots: WisdomSnapshots
    clock: Clock

    def execute(self) -> Result[Undone, NothingToUndo | SnapshotMissing]:
        with self.uow as uow:
            match uow.reviews.last_undoable():
                case Some(ReviewRecord() as record):
                    pass
                case _:
                    return Failure(NothingToUndo())
        match self.snapshots.restore(record.snapshot):
            case Failure(SnapshotMissing() as missing):
                return Failure(missing)
            case _:
                return Success(Undone(record.review_id, record.snapshot, self._restage(record)))

    def _restage(self, record: ReviewRecord) -> int:
        with self.uow as uow:
            restaged = 0
            for candidate in uow.archive.taken_by(record.review_id):
                staged = uow.candidates.get(candidate.id).value_or(None) or uow.candidates \
                    .find_by_hash(candidate.content_hash, candidate.project).value_or(None)
                if staged is None:
                    uow.candidates.add(candidate)
                    restaged += 1
            uow.reviews.mark_undone(record.review_id, self.clock.now())
            uow.commit()
        return restaged
