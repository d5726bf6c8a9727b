from types import TracebackType
from typing import Self

from sqlalchemy import Connection, Engine

from abzu.adapters.sqlite.actor import act_as, clear_actor
from abzu.adapters.sqlite.anchor_rows import SqliteAnchorRows
from abzu.adapters.sqlite.bead_repository import SqliteBeadRepository
from abzu.adapters.sqlite.bead_sources import SqliteBeadSources
from abzu.adapters.sqlite.candidate_archive import SqliteCandidateArchive
from abzu.adapters.sqlite.candidate_repository import SqliteCandidateRepository
from abzu.adapters.sqlite.engine import READ_ONLY
from abzu.adapters.sqlite.project_registry import SqliteProjectRegistry
from abzu.adapters.sqlite.review_log import SqliteReviewLog
from abzu.adapters.sqlite.stats import SqliteMemoryStats
from abzu.application.ports import (
    AnchorRows,
    BeadRepository,
    BeadSources,
    CandidateRepository,
    MemoryStats,
    ProjectRegistry,
    UnitOfWork,
)
from abzu.application.review.ports import CandidateArchive, ReviewLog
from abzu.domain.decay import DecayPolicy


class SqliteUnitOfWork(UnitOfWork):
    """Opens a transaction on a store the first time a repository of that store is used.

    Commit order is wisdom first, then staging: a promotion interrupted between the two leaves
    the candidate staged beside its bead, and re-running it is a harmless duplicate skip.
    `actor` is who the history records for this unit's writes (cli, mcp, hook, review:gemini,
    review:human, maintenance).
    """

    def __init__(
        self, wisdom: Engine, staging: Engine, decay: DecayPolicy, *, read_only: bool = False,
        actor: str | None = None,
    ) -> None:
        self._engines = {"wisdom": wisdom, "staging": staging}
        self._decay = decay
        self._read_only = read_only
        self._actor = None if read_only else actor
        self._open: dict[str, Connection] = {}

    def connection(self, store: str) -> Connection:
        if store not in self._open:
            conn = self._engines[store].connect()
            if self._read_only:
                conn.execution_options(**{READ_ONLY: True})
            conn.begin()
            if self._actor:
                act_as(conn, self._actor)
            self._open[store] = conn
        return self._open[store]

    @property
    def beads(self) -> BeadRepository:
        return SqliteBeadRepository(self.connection("wisdom"), self._decay)

    @property
    def candidates(self) -> CandidateRepository:
        return SqliteCandidateRepository(self.connection("staging"))

    @property
    def bead_anchors(self) -> AnchorRows:
        return SqliteAnchorRows(self.connection("wisdom"), "bead_anchors")

    @property
    def candidate_anchors(self) -> AnchorRows:
        return SqliteAnchorRows(self.connection("staging"), "candidate_anchors")

    @property
    def bead_sources(self) -> BeadSources:
        return SqliteBeadSources(self.connection("wisdom"))

    @property
    def projects(self) -> ProjectRegistry:
        return SqliteProjectRegistry(self.connection("wisdom"))

    @property
    def stats(self) -> MemoryStats:
        return SqliteMemoryStats(
            self.connection("wisdom"), self.connection("staging"), self._decay
        )

    # --- review ---
    @property
    def reviews(self) -> ReviewLog:
        return SqliteReviewLog(self.connection("staging"))

    @property
    def archive(self) -> CandidateArchive:
        return SqliteCandidateArchive(self.connection("staging"))

    def __enter__(self) -> Self:
        self._open = {}
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.rollback()
        for conn in self._open.values():
            conn.close()
        self._open = {}

    def commit(self) -> None:
        for store in ("wisdom", "staging"):
            if store in self._open:
                if self._actor:
                    clear_actor(self._open[store])
                self._open[store].commit()

    def rollback(self) -> None:
        for conn in self._open.values():
            if conn.in_transaction():
                conn.rollback()
