"""Use case: star a bead so it never decays (spec §9, §15)."""

from dataclasses import dataclass

from returns.result import Failure, Result, Success

from abzu.application.ports import UnitOfWork
from abzu.domain.bead import Bead, Candidate
from abzu.domain.errors import BeadNotFound, CandidateNotStarrable

StarError = BeadNotFound | CandidateNotStarrable


@dataclass(frozen=True, slots=True)
class Star:
    """- A starred bead keeps weight 1.0 forever. Starring twice changes nothing.
    - Unknown ids are BeadNotFound; a staged candidate must be reviewed before it can be starred.
    """

    uow: UnitOfWork

    def execute(self, bead_id: str) -> Result[Bead, StarError]:
        bead_id = bead_id.strip()
        with self.uow as uow:
            bead = uow.beads.get(bead_id)
            if bead is None:
                staged = uow.candidates.get(bead_id)
                if isinstance(staged, Candidate):
                    return Failure(CandidateNotStarrable(bead_id))
                return Failure(BeadNotFound(bead_id))
            starred = bead.star()
            uow.beads.update(starred)
            uow.commit()
        return Success(starred)
