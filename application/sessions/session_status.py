"""Use case: how well sessions are being captured (for `abzu status`)."""

from dataclasses import dataclass

from abzu.application.sessions.ports import SessionUnitOfWork, SpoolSource
from abzu.domain.sessions.record import SessionCounts


@dataclass(frozen=True, slots=True)
class SessionHealth:
    counts: SessionCounts
    spooled: int  # hook entries not yet ingested into abzu.db


@dataclass(frozen=True, slots=True)
class SessionStatus:
    """- Read-only: sessions captured at SessionEnd, recovered after a crash, still pending.
    - Also how many hook journal entries wait to be ingested."""

    uow: SessionUnitOfWork
    spool: SpoolSource

    def execute(self) -> SessionHealth:
        with self.uow as uow:
            counts = uow.sessions.counts()
        return SessionHealth(counts, len(self.spool.pending()))
