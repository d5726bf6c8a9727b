"""Use case: flag a wisdom bead for deletion (spec §4 `flag_for_deletion`, §9 deletion flow)."""

from dataclasses import dataclass

from returns.result import Failure, Result, Success

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
            match ReviewOps(uow, self.ids, self.clock.now()).flag(bead_id.strip(), reason):
                case Success(_):
                    uow.commit()
                    return Success(bead_id.strip())
                case Failure(err):
                    return Failure(err)
                case _:
                    raise AssertionError("unreachable")
