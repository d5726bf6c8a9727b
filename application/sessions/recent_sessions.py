"""Use case: the recent sessions, each with its final summary (the web page's Sessions list)."""

from dataclasses import dataclass
from datetime import timedelta

from returns.maybe import Maybe

from abzu.application.ports import Clock
from abzu.application.sessions.ports import SessionUnitOfWork
from abzu.domain.sessions.record import SessionRecord
from abzu.domain.sessions.summary import SessionSummary


@dataclass(frozen=True, slots=True)
class SeenSession:
    record: SessionRecord
    final: SessionSummary | None  # None: not finalised yet, or finalised with nothing to say


@dataclass(frozen=True, slots=True)
class RecentSessions:
    """- Pending sessions (seen by a hook, not finalised) first, then those finalised within
      `days`, newest first; at most `limit`.
    - Never a session Abzu's own distiller ran as (none should have a row; if one does, it is hidden).
    - Read-only."""

    uow: SessionUnitOfWork
    clock: Clock

    def execute(self, days: int = 30, limit: int = 50) -> list[SeenSession]:
        since = self.clock.now() - timedelta(days=days)
        with self.uow as uow:
            pending = uow.sessions.unfinalized(None)
            done = sorted(uow.sessions.finalized_since(None, since),
                          key=lambda r: r.finalized_at or since, reverse=True)
            children = uow.sessions.distiller_children()
            chosen = [r for r in [*pending, *done] if r.session_id not in children][:limit]
            return [SeenSession(r, _final(uow.summaries.final_of(r.session_id))) for r in chosen]


def _final(found: "Maybe[SessionSummary] | SessionSummary | None") -> SessionSummary | None:
    """`final_of` answers a Maybe here; the lean-store work (issue 13) makes repositories answer
    `X | None`. Either way works, so the two branches merge without touching this."""
    if found is None or isinstance(found, SessionSummary):
        return found
    return found.value_or(None)
