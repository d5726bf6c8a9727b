"""Use case: flag a wisdom bead for deletion (spec §4 `flag_for_deletion`, §9 deletion flow)."""

from dataclasses import dataclass

from returns.pipeline import is_successful
from returns.result import Result

from abzu.application.ports import Clock, IdGenerator, UnitOfWork
from abzu.application.review.errors import FlagError
from abzu.application.review.ops import ReviewOps


@dataclass(frozen=True, slots=True)
class FlagForDeletion:
    """- Sets `gemini_flagged` and `flag_reason` (redacted); the bead stays until the next
      maintenance pass deletes it, and is hidden from recall meanwhile.
    - `abzu unflag` lifts the flag before that pass. A reason is required.
    """

    uow: UnitOfWork
    clock: Clock
    ids: IdGenerator

    def execute(self, bead_id: str, reason: str) -> Result[str, FlagError]:
        with self.uow as uow:
            flagged = ReviewOps(uow, self.ids, self.clock.now()).flag(bead_id.strip(), reason)
            if is_successful(flagged):
                uow.commit()
            return flagged.map(lambda _: bead_id.strip())
