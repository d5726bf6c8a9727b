"""Use case: a person confirms a memory the agent wrote (issue 29): they answer for it now."""

from dataclasses import dataclass

from returns.result import Failure, Result, Success

from abzu.application.manage.errors import AlreadyReviewed, MemoryNotFound, StagedNotConfirmed
from abzu.application.ports import UnitOfWork
from abzu.domain.bead import Bead

ConfirmError = MemoryNotFound | AlreadyReviewed | StagedNotConfirmed


@dataclass(frozen=True, slots=True)
class ConfirmMemory:
    """- A bead the agent wrote (a preference it stored through MCP, mined from a transcript or
      distilled) becomes the person's (`vouched_by` person): reviewed in every door from now on.
      The history records "confirmed" with the writer.
    - A bead a person or a review already vouches for: AlreadyReviewed, nothing changes.
    - A staged candidate is reviewed (promoted or discarded), not confirmed: StagedNotConfirmed.
    - The one confirm of every door: `abzu review --interactive` and the page's Staging view.
    """

    uow: UnitOfWork

    def execute(self, memory_id: str) -> Result[Bead, ConfirmError]:
        memory_id = memory_id.strip()
        with self.uow as uow:
            bead = uow.beads.get(memory_id)
            if bead is None:
                staged = uow.candidates.get(memory_id) is not None
                return Failure(StagedNotConfirmed(memory_id) if staged else MemoryNotFound(memory_id))
            if bead.reviewed:
                return Failure(AlreadyReviewed(bead.id, bead.vouched_by.value))
            confirmed = bead.confirmed()
            uow.beads.update(confirmed)
            uow.commit()
        return Success(confirmed)
