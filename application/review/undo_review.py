"""Use case: undo the last review (`abzu review --undo`)."""

from dataclasses import dataclass, replace

from returns.maybe import Some
from returns.result import Failure, Result, Success

from abzu.application.ports import Clock
from abzu.application.projects import ensure_named
from abzu.application.review.errors import NothingToUndo
from abzu.application.review.ports import (
    PERSON,
    ReviewRecord,
    ReviewUnitOfWork,
    SnapshotMissing,
    WisdomSnapshots,
)
from abzu.domain.bead import Bead
from abzu.domain.errors import ExpectedFailure


@dataclass(frozen=True, slots=True)
class Undone:
    review_id: str
    snapshot: str
    restaged: int
    kept: int = 0


@dataclass(frozen=True, slots=True)
class PersonsReview(ExpectedFailure):
    """The agent's shell asked to undo a review a person made: the person's work (and what they
    vouched for) would be lost on the agent's word."""

    template = ("the last review ({review_id}) was a person's, and this undo was started by "
                "Claude Code's shell (CLAUDECODE is set): run `abzu review --undo` in your own terminal")
    review_id: str


UndoError = NothingToUndo | SnapshotMissing | PersonsReview


@dataclass(frozen=True, slots=True)
class UndoReview:
    """- Restores wisdom.db as it was before the newest review that changed it (its snapshot),
      search index rebuilt; the review is marked undone, so a second undo goes one further back.
    - Beads written to wisdom.db after that review finished (preferences, say) are kept: they are
      written back after the restore. Their recall history since is not.
    - Candidates the review promoted, merged or discarded are staged again (unless the same text
      is staged by now).
    - A person's review is undone only by a person: never at the word of the agent's shell.
    - Wisdom first, then staging: an undo interrupted in between can simply be run again.
    """

    uow: ReviewUnitOfWork
    snapshots: WisdomSnapshots
    clock: Clock

    def execute(self, by_agent: bool = False) -> Result[Undone, UndoError]:
        with self.uow as uow:
            match uow.reviews.last_undoable():
                case Some(ReviewRecord() as record) if by_agent and record.reviewer == PERSON:
                    return Failure(PersonsReview(record.review_id))
                case Some(ReviewRecord() as record):
                    later = uow.beads.created_since(record.finished_at) if record.finished_at else []
                case _:
                    return Failure(NothingToUndo())
        match self.snapshots.restore(record.snapshot):
            case Failure(SnapshotMissing() as missing):
                return Failure(missing)
            case _:
                kept = self._keep(later)
                return Success(Undone(record.review_id, record.snapshot, self._restage(record), kept))

    def _keep(self, later: list[Bead]) -> int:
        with self.uow as uow:
            missing = [b for b in later if uow.beads.get(b.id) is None]
            for bead in missing:
                if bead.project is not None:
                    ensure_named(uow.projects, bead.project, self.clock.now())
                uow.beads.add(replace(bead, superseded_by=None))
            for bead in missing:  # links last: a successor may be added after its predecessor
                if bead.superseded_by and uow.beads.get(bead.superseded_by):
                    uow.beads.update(bead)
            uow.commit()
        return len(missing)

    def _restage(self, record: ReviewRecord) -> int:
        with self.uow as uow:
            restaged = 0
            for candidate in uow.archive.taken_by(record.review_id):
                same_id = uow.candidates.get(candidate.id)
                same_text = uow.candidates.find_by_hash(candidate.content_hash, candidate.project)
                if same_id is None and same_text is None:
                    uow.candidates.add(candidate)
                    restaged += 1
            uow.reviews.mark_undone(record.review_id, self.clock.now())
            uow.commit()
        return restaged
