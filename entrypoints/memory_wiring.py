"""The one factory of the four memory operations (remember, recall, star, status).

The container's providers are this factory fed with the container's parts (tests override the
clock there); the CLI builds it directly from Settings (`MemoryUseCases.open`), so `abzu recall`
and friends skip dependency-injector and the modules of review, scrub and transcript mining
(together ~40 % of the container's import). SQLAlchemy is still loaded: the repositories need it
until the read side runs on plain `sqlite3` (issue 13 item 1; the recall engineer's search).
"""

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from abzu.application.ports import Clock, IdGenerator, StoreLocations, UnitOfWork, Workspace
from abzu.application.recall import Recall
from abzu.application.remember import Remember
from abzu.application.sessions.ports import SessionUnitOfWork, SpoolSource
from abzu.application.sessions.session_status import SessionStatus
from abzu.application.star import Star
from abzu.application.status import Status
from abzu.domain.ranking import RankingPolicy


@dataclass(frozen=True, slots=True)
class MemoryUseCases:
    """`writer`: units of work that may write; `reader`: read-only ones (plain BEGIN, no write
    lock; status); `sessions`: the session lifecycle's, for the session counts."""

    writer: Callable[[], UnitOfWork]
    reader: Callable[[], UnitOfWork]
    sessions: Callable[[], SessionUnitOfWork]
    clock: Clock
    ids: IdGenerator
    workspace: Workspace
    ranking: RankingPolicy
    max_chars: int
    locations: StoreLocations
    spool: SpoolSource

    @classmethod
    def open(cls, cwd: Path | None = None) -> "MemoryUseCases":
        """Wired from Settings (environment, defaults), the stores opened on first use."""
        from abzu.entrypoints.memory_parts import parts_from_settings

        return cls(**parts_from_settings(cwd or Path.cwd()))

    def remember(self) -> Remember:
        return Remember(self.writer(), self.clock, self.ids, self.workspace, max_chars=self.max_chars)

    def recall(self) -> Recall:
        return Recall(self.writer(), self.clock, self.workspace, self.ranking)

    def star(self) -> Star:
        return Star(self.writer())

    def status(self) -> Status:
        return Status(self.reader(), self.clock, self.locations)

    def session_status(self) -> SessionStatus:
        return SessionStatus(self.sessions(), self.spool)
