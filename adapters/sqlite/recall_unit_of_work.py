"""Recall's unit of work: the search runs under a plain BEGIN and writes nothing.

A recall only reads, except for two stamps (`beads.last_accessed`, `projects.last_active`)
that restart decay clocks. Taking the write lock for them made every recall queue behind
writers and fsync wisdom.db (issues 13, 20.5). Here the stamps are collected during the read
and appended to the data home's stamp spool after it (recall_stamps.py: one `write`, no lock on
a store); they land at the next decay pass or read-only unit of work, or right after a recall
that finds the spool due, if the store is free then. A store without a file (in memory, tests)
has no spool: its stamps are written at once, best effort, as before.
"""

from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime

from abzu.adapters.sqlite.bead_repository import SqliteBeadRepository
from abzu.adapters.sqlite.busy import is_busy, is_read_only
from abzu.adapters.sqlite.db import Db, DbSource, StoreConnection
from abzu.adapters.sqlite.project_registry import SqliteProjectRegistry
from abzu.adapters.sqlite.recall_stamps import DUE_BYTES, StampSpool
from abzu.adapters.sqlite.stamp_settling import relaxed, settle, spool_of
from abzu.adapters.sqlite.timestamps import from_db, to_db
from abzu.adapters.sqlite.unit_of_work import SqliteUnitOfWork, begin
from abzu.application.ports import BeadRepository, ProjectRegistry
from abzu.domain.decay import DecayPolicy
from abzu.domain.ranking import SearchHit
from abzu.domain.scope import Scope
from abzu.domain.term_weights import TermCounts

Stamps = dict[str, list[tuple[str, datetime]]]


class _LaterBeads(SqliteBeadRepository):
    def __init__(self, db: Db, decay: DecayPolicy, stamps: Stamps, spool: StampSpool | None) -> None:
        super().__init__(db, decay)
        self._stamps, self._spool = stamps, spool

    def search(
        self, terms: Sequence[str], scope: Scope, *, limit: int, now: datetime,
        counts: TermCounts | None = None, weights: Sequence[float] | None = None,
    ) -> list[SearchHit]:
        """Hits show when they were last recalled, counting the stamps still in the spool."""
        hits = super().search(terms, scope, limit=limit, now=now, counts=counts, weights=weights)
        waiting = self._spool.latest(h.item_id for h in hits) if self._spool and hits else {}
        return [_stamped(h, waiting[h.item_id]) if h.item_id in waiting else h for h in hits]

    def mark_recalled(self, bead_ids: Sequence[str], at: datetime) -> None:
        self._stamps["beads"] += [(i, at) for i in bead_ids]


def _stamped(hit: SearchHit, waiting: str) -> SearchHit:
    try:
        at = from_db(waiting)
    except ValueError:
        return hit
    return replace(hit, last_accessed=at) if at and (hit.last_accessed or at) <= at else hit


class _LaterProjects(SqliteProjectRegistry):
    def __init__(self, db: Db, stamps: Stamps) -> None:
        super().__init__(db)
        self._stamps = stamps

    def touch(self, name: str, at: datetime) -> None:
        self._stamps["projects"].append((name, at))


class SqliteRecallUnitOfWork(SqliteUnitOfWork):
    def __init__(self, wisdom: DbSource, staging: DbSource, decay: DecayPolicy) -> None:
        super().__init__(wisdom, staging, decay, read_only=True)
        self._wisdom, self._later = wisdom, _empty()
        self._spool, self._stamps = spool_of(self._wisdom), None  # a recall never settles first

    @property
    def beads(self) -> BeadRepository:
        return _LaterBeads(self.connection("wisdom"), self._decay, self._later, self._spool)

    @property
    def projects(self) -> ProjectRegistry:
        return _LaterProjects(self.connection("wisdom"), self._later)

    def commit(self) -> None:
        super().commit()
        stamps, self._later = self._later, _empty()
        if not (stamps["beads"] or stamps["projects"]):
            return
        if self._spool is None:
            write_stamps(self._wisdom, self._decay, stamps)
            return
        size = 0
        for at in sorted({at for _, at in stamps["beads"]} | {at for _, at in stamps["projects"]}):
            ids = [i for i, when in stamps["beads"] if when == at]
            project = next((p for p, when in stamps["projects"] if when == at), None)
            size = max(size, self._spool.record(ids, project, str(to_db(at))))
        if size >= DUE_BYTES:
            settle(self._wisdom, self._spool)


def write_stamps(source: DbSource, decay: DecayPolicy, stamps: Stamps) -> bool:
    """Best effort: True when the stamps landed, False when the store was busy."""
    with relaxed(source) as conn:
        try:
            _stamp(conn, decay, stamps)
            return True
        except Exception as exc:  # an OperationalError (busy, read-only); the rest is re-raised
            if not (is_busy(exc) or is_read_only(exc)):
                raise
            from abzu.adapters.lazy_log import abzu_log  # a recall that writes no line loads no logging

            abzu_log().debug("recall stamps skipped: the store is busy or read-only")
            return False


def _stamp(conn: StoreConnection, decay: DecayPolicy, stamps: Stamps) -> None:
    begin(conn, read_only=False, actor=None, try_gate=True)  # a recall never waits for the gate
    beads = SqliteBeadRepository(conn, decay)
    for at in sorted({at for _, at in stamps["beads"]}):
        beads.mark_recalled([i for i, when in stamps["beads"] if when == at], at)
    registry = SqliteProjectRegistry(conn)
    for name, at in stamps["projects"]:
        registry.touch(name, at)
    conn.commit()


def _empty() -> Stamps:
    return {"beads": [], "projects": []}
