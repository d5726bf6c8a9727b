"""The unit of work over the team store: one connection, one transaction for beads and
candidates alike (one database), opened on first use; `commit` is explicit, leaving rolls back.

Every transaction names its writer for the history and the rows' columns (`abzu.actor`: the
consumer, cli, mcp, review:human…; `abzu.machine`: this host); the server adds the author (the
login role) itself.
"""

from types import TracebackType
from typing import Self

from sqlalchemy import Connection, Engine, text

from abzu.adapters.postgres.db import PgDb
from abzu.adapters.postgres.registry import PgAnchorRows, PgBeadSources, PgMemoryStats, PgProjectRegistry
from abzu.adapters.postgres.repositories import PgBeadRepository, PgCandidateRepository
from abzu.application.ports import (
    AnchorRows,
    BeadRepository,
    BeadSources,
    CandidateRepository,
    MemoryStats,
    ProjectRegistry,
    UnitOfWork,
)
from abzu.domain.decay import DecayPolicy

WRITER = text("SELECT set_config('abzu.actor', :actor, true), set_config('abzu.machine', :machine, true)")
_READ_ONLY = text("SET TRANSACTION READ ONLY")


class PgUnitOfWork(UnitOfWork):
    def __init__(self, engine: Engine, decay: DecayPolicy, *, actor: str | None = None,
                 machine: str | None = None, read_only: bool = False) -> None:
        self._engine, self._decay, self._read_only = engine, decay, read_only
        self._actor, self._machine = actor or "", machine or ""
        self._conn: Connection | None = None

    def _db(self) -> PgDb:
        if self._conn is None:
            self._conn = self._engine.connect()
        if not self._conn.in_transaction():
            self._conn.begin()
            self._conn.execute(_READ_ONLY if self._read_only else WRITER,
                               {} if self._read_only else {"actor": self._actor, "machine": self._machine})
        return PgDb(self._conn)

    @property
    def beads(self) -> BeadRepository:
        return PgBeadRepository(self._db(), self._decay)

    @property
    def candidates(self) -> CandidateRepository:
        return PgCandidateRepository(self._db())

    @property
    def projects(self) -> ProjectRegistry:
        return PgProjectRegistry(self._db())

    @property
    def stats(self) -> MemoryStats:
        return PgMemoryStats(self._db(), self._decay)

    @property
    def bead_anchors(self) -> AnchorRows:
        return PgAnchorRows(self._db(), "bead_anchors")

    @property
    def candidate_anchors(self) -> AnchorRows:
        return PgAnchorRows(self._db(), "candidate_anchors")

    @property
    def bead_sources(self) -> BeadSources:
        return PgBeadSources(self._db())

    def __enter__(self) -> Self:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        if self._conn is not None:
            self._conn.rollback()
            self._conn.close()
            self._conn = None

    def commit(self) -> None:
        if self._conn is not None and self._conn.in_transaction():
            self._conn.commit()

    def rollback(self) -> None:
        if self._conn is not None:
            self._conn.rollback()
