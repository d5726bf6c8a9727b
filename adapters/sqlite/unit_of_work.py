"""The unit of work over the two stores (`Sqlite3Store`s, db.py's driver), and the one way a
store's transaction starts (`start`, `transaction`)."""

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Self

from abzu.adapters.sqlite.actor import act_as, clear_actor
from abzu.adapters.sqlite.anchor_rows import SqliteAnchorRows
from abzu.adapters.sqlite.bead_repository import SqliteBeadRepository
from abzu.adapters.sqlite.bead_sources import SqliteBeadSources
from abzu.adapters.sqlite.candidate_repository import SqliteCandidateRepository
from abzu.adapters.sqlite.db import DbSource, StoreConnection
from abzu.adapters.sqlite.project_registry import SqliteProjectRegistry
from abzu.adapters.sqlite.recall_stamps import StampSpool, apply_stamps, read_stamps
from abzu.adapters.sqlite.stamp_settling import settle, spool_of
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
from abzu.domain.decay import DecayPolicy

if TYPE_CHECKING:
    from abzu.application.review.ports import CandidateArchive, ReviewLog


class SqliteUnitOfWork(UnitOfWork):
    """Opens a transaction on a store the first time a repository of that store is used.

    Commit order is wisdom first, then staging: a promotion interrupted between the two leaves
    the candidate staged beside its bead, and re-running it is a harmless duplicate skip.
    `actor` is who the history records for this unit's writes (cli, mcp, hook, review:gemini,
    review:human, maintenance).
    Deferred recall stamps (recall_stamps.py) are applied before decay runs, inside the writer's
    transaction, and before a read-only unit of work first reads wisdom.db, in their own.
    """

    def __init__(
        self, wisdom: DbSource, staging: DbSource, decay: DecayPolicy, *,
        read_only: bool = False, actor: str | None = None,
    ) -> None:
        self._sources = {"wisdom": wisdom, "staging": staging}
        self._decay = decay
        self._read_only = read_only
        self._actor = None if read_only else actor
        self._open: dict[str, StoreConnection] = {}
        self._stamps = spool_of(self._sources["wisdom"])
        self._taken: list[Path] = []

    def connection(self, store: str) -> StoreConnection:
        if store not in self._open:
            if store == "wisdom" and self._read_only and self._stamps is not None:
                settle(self._sources["wisdom"], self._stamps)
            self._open[store] = start(self._sources[store], read_only=self._read_only, actor=self._actor)
        return self._open[store]

    @property
    def beads(self) -> BeadRepository:
        return SqliteBeadRepository(self.connection("wisdom"), self._decay, before_decay=self._settle)

    def _settle(self) -> None:
        """In this writer's transaction; the files go once it committed (commit)."""
        if self._stamps is not None and not self._read_only and self._stamps.pending():
            taken = self._stamps.take()
            apply_stamps(self.connection("wisdom"), read_stamps(taken))
            self._taken += taken

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

    # --- review --- (imported here: recall and remember never load the review modules)
    @property
    def reviews(self) -> "ReviewLog":
        from abzu.adapters.sqlite.review_log import SqliteReviewLog

        return SqliteReviewLog(self.connection("staging"))

    @property
    def archive(self) -> "CandidateArchive":
        from abzu.adapters.sqlite.candidate_archive import SqliteCandidateArchive

        return SqliteCandidateArchive(self.connection("staging"))

    def __enter__(self) -> Self:
        self._open, self._taken = {}, []
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
        """Each store's connection goes back once committed (the write gate is let go after it): a
        repository used after a commit opens a new transaction, so no write runs outside one."""
        opened, self._open = self._open, {}
        try:
            for store in ("wisdom", "staging"):
                if store in opened:
                    if self._actor:
                        clear_actor(opened[store])
                    opened[store].commit()
        finally:
            for conn in opened.values():
                conn.close()  # rolls back a store whose commit never came
        taken, self._taken = self._taken, []
        StampSpool.done(taken)

    def rollback(self) -> None:
        for conn in self._open.values():
            conn.rollback()


def start(source: DbSource, *, read_only: bool, actor: str | None) -> StoreConnection:
    """A connection of `source` inside a transaction begun by `begin`."""
    conn = source.open_connection()
    try:
        begin(conn, read_only=read_only, actor=actor)
    except BaseException:
        conn.close()  # a busy store: the connection goes back, the busy policy retries
        raise
    return conn


def begin(
    conn: StoreConnection, *, read_only: bool, actor: str | None, try_gate: bool = False
) -> None:
    """The one transaction start of the stores' units of work: BEGIN (IMMEDIATE for writers,
    `Sqlite3Db.begin`), then the writer named for the history triggers."""
    conn.begin(read_only=read_only, try_gate=try_gate)
    if actor:
        act_as(conn, actor)


@contextmanager
def transaction(source: DbSource, *, read_only: bool, actor: str | None = None) -> Iterator[StoreConnection]:
    """One transaction on one store, committed when the block ends without an error (a reader's
    is just ended); rolled back otherwise. A reader takes no write lock and never queues."""
    conn = start(source, read_only=read_only, actor=actor)
    try:
        yield conn
        if actor:
            clear_actor(conn)
        conn.commit()
    finally:
        conn.close()  # rolls back what is left open
