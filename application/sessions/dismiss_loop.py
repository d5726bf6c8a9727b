"""Use case: a person says an open loop is done or no longer matters (`abzu loops done ID`)."""

from dataclasses import dataclass, replace

from returns.result import Failure, Result, Success

from abzu.application.ports import Clock
from abzu.application.sessions.ports import SessionUnitOfWork
from abzu.domain.sessions.errors import LoopNotOpen
from abzu.domain.sessions.open_loop import DISMISSED, OpenLoop


@dataclass(frozen=True, slots=True)
class DismissLoop:
    """- Closes the open loop `loop_id` as dismissed (by a person): no briefing shows it again.
    - An unknown id, or a loop closed already, is LoopNotOpen (nothing changes)."""

    uow: SessionUnitOfWork
    clock: Clock

    def execute(self, loop_id: str) -> Result[OpenLoop, LoopNotOpen]:
        with self.uow as uow:
            loop = uow.loops.get(loop_id.strip())
            if loop is None or not loop.is_open:
                return Failure(LoopNotOpen(loop_id.strip(), loop.status if loop else None))
            now = self.clock.now()
            uow.loops.close(loop.id, status=DISMISSED, at=now, by=None)
            uow.commit()
        return Success(replace(loop, status=DISMISSED, closed_at=now))
