"""Use case: lift a deletion flag before maintenance acts on it (spec §9, `abzu unflag`)."""

from dataclasses import dataclass

from returns.result import Failure, Result, Success

from abzu.application.ports import UnitOfWork
from abzu.application.review.errors import NotFlagged, UnflagError
from abzu.domain.bead import Bead
from abzu.domain.errors import BeadNotFound


@dataclass(frozen=True, slots=True)
class Unflag:
    """- A flagged bead is restored: the flag and its reason are cleared, recall sees it again.
    - Unknown ids are BeadNotFound; a bead that is not flagged is NotFlagged (nothing changes).
    - Once maintenance has deleted the bead, only `abzu review --undo` can bring it back.
    """

    uow: UnitOfWork

    def execute(self, bead_id: str) -> Result[Bead, UnflagError]:
        bead_id = bead_id.strip()
        with self.uow as uow:
            match uow.beads.get(bead_id):
                case Bead(gemini_flagged=True) as bead:
                    restored = bead.unflagged()
                    uow.beads.update(restored)
                    uow.commit()
                    return Success(restored)
                case Bead():
                    return Failure(NotFlagged(bead_id))
                case _:
                    return Failure(BeadNotFound(bead_id))
