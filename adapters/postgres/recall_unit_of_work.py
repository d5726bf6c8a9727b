"""Recall's unit of work on the team store (`memory_backend = "team"`): four round trips a recall.

Through `PgUnitOfWork` a recall cost ten: BEGIN, the writer's names, the project, each table's
counts and each table's hits apart, the two stamps as they came, COMMIT; on a loaded machine every
one of them waits for both processes to be scheduled (p95 39 ms at 100k beads, docs/benchmarks.md).
Here, as SQLite's `SqliteRecallUnitOfWork` does for its stores:
- no transaction to open or close (autocommit: each statement is its own), and no names for the
  history: a recall's writes (its stamps, a project registered on first sight) record no event;
- both tables' counts in one round trip and both tables' hits in one (`search.search_all`, as the
  member's `LiveTeamRecall`): `Recall` asks the beads, then the candidates, with the same words
  and, for hits, the same scope, limit and weights; a table asked otherwise is searched alone;
- the stamps (`beads.last_accessed`, `projects.last_active`) wait for `commit` and go in one
  statement; a recall left without commit writes none.
"""

from collections.abc import Sequence
from datetime import datetime
from types import TracebackType
from typing import Any

from sqlalchemy import Engine

from abzu.adapters.postgres import search
from abzu.adapters.postgres.db import PgDb
from abzu.adapters.postgres.registry import PgProjectRegistry
from abzu.adapters.postgres.repositories import PgBeadRepository, PgCandidateRepository
from abzu.adapters.postgres.search import PgIndex
from abzu.adapters.postgres.unit_of_work import PgUnitOfWork
from abzu.adapters.sqlite.project_registry import TOUCH_EVERY
from abzu.application.ports import BeadRepository, CandidateRepository, ProjectRegistry
from abzu.domain.decay import DecayPolicy
from abzu.domain.ranking import SearchHit
from abzu.domain.scope import Scope
from abzu.domain.term_weights import TermCounts

TABLES = (search.BEADS, search.CANDIDATES)

# Every stamp of the recall in one statement; the project's only when its last one is older than
# TOUCH_EVERY (as PgProjectRegistry.touch).
_STAMPS = (
    "WITH b AS (UPDATE beads SET last_accessed = s.at FROM unnest(CAST(:ids AS TEXT[]), "
    "CAST(:ats AS TIMESTAMPTZ[])) AS s(id, at) WHERE beads.id = s.id RETURNING 1) "
    "UPDATE projects p SET last_active = s.at FROM unnest(CAST(:names AS TEXT[]), "
    "CAST(:times AS TIMESTAMPTZ[])) AS s(name, at) WHERE p.name = s.name "
    "AND (p.last_active IS NULL OR p.last_active < s.at - :every)"
)


class _Together:
    """What the two tables answer within one recall (one `with` of the unit of work), each asked
    of the server once for both."""

    def __init__(self, db: PgDb, decay: DecayPolicy) -> None:
        self._db, self._decay = db, decay
        self._counts: tuple[tuple[str, ...], tuple[TermCounts, ...]] | None = None
        self._hits: tuple[tuple[Any, ...], list[SearchHit]] | None = None
        self.stamps: dict[str, datetime] = {}
        self.touches: dict[str, datetime] = {}

    def term_counts(self, index: PgIndex, terms: Sequence[str]) -> TermCounts:
        if self._counts is None or self._counts[0] != tuple(terms):
            self._counts = (tuple(terms), tuple(search.term_counts(self._db, TABLES, terms)))
        return self._counts[1][TABLES.index(index)]

    def search(
        self, index: PgIndex, terms: Sequence[str], scope: Scope, limit: int, now: datetime,
        counts: TermCounts | None, weights: Sequence[float] | None,
    ) -> list[SearchHit]:
        held = self._counts[1] if self._counts is not None and self._counts[0] == tuple(terms) else None
        if counts is None or weights is None or held is None or held[TABLES.index(index)] != counts:
            return search.search(self._db, index, terms, scope, limit=limit, now=now, decay=self._decay,
                                 counts=counts, weights=weights)
        key = (tuple(terms), scope, limit, now, tuple(weights))
        if self._hits is None or self._hits[0] != key:
            self._hits = (key, search.search_all(self._db, TABLES, terms, scope, limit=limit, now=now,
                                                 decay=self._decay, counts=held, weights=weights))
        return [h for h in self._hits[1] if h.source is index.source]


class _AskedTogether:
    """A table's counts and hits, answered by the recall's `_Together` for both tables."""

    _index: PgIndex  # the table's (PgTable)
    _together: _Together

    def term_counts(self, terms: Sequence[str]) -> TermCounts:
        return self._together.term_counts(self._index, terms)

    def search(
        self, terms: Sequence[str], scope: Scope, *, limit: int, now: datetime,
        counts: TermCounts | None = None, weights: Sequence[float] | None = None,
    ) -> list[SearchHit]:
        return self._together.search(self._index, terms, scope, limit, now, counts, weights)


class _RecallBeads(_AskedTogether, PgBeadRepository):
    def __init__(self, db: PgDb, decay: DecayPolicy, together: _Together) -> None:
        super().__init__(db, decay)
        self._together = together

    def mark_recalled(self, bead_ids: Sequence[str], at: datetime) -> None:
        for bead_id in bead_ids:
            self._together.stamps[bead_id] = max(at, self._together.stamps.get(bead_id, at))


class _RecallCandidates(_AskedTogether, PgCandidateRepository):
    def __init__(self, db: PgDb, together: _Together) -> None:
        super().__init__(db)
        self._together = together


class _RecallProjects(PgProjectRegistry):
    def __init__(self, db: PgDb, together: _Together) -> None:
        super().__init__(db)
        self._together = together

    def touch(self, name: str, at: datetime) -> None:
        self._together.touches[name] = max(at, self._together.touches.get(name, at))


class PgRecallUnitOfWork(PgUnitOfWork):
    def __init__(self, engine: Engine, decay: DecayPolicy) -> None:
        super().__init__(engine, decay)
        self._together: _Together | None = None

    def _db(self) -> PgDb:
        if self._conn is None:
            self._conn = self._engine.connect().execution_options(isolation_level="AUTOCOMMIT")
        return PgDb(self._conn)

    def _recall(self) -> _Together:
        if self._together is None:
            self._together = _Together(self._db(), self._decay)
        return self._together

    @property
    def beads(self) -> BeadRepository:
        return _RecallBeads(self._db(), self._decay, self._recall())

    @property
    def candidates(self) -> CandidateRepository:
        return _RecallCandidates(self._db(), self._recall())

    @property
    def projects(self) -> ProjectRegistry:
        return _RecallProjects(self._db(), self._recall())

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self._together = None  # stamps not committed are dropped, as a rollback would
        super().__exit__(exc_type, exc, tb)

    def commit(self) -> None:
        together, self._together = self._together, None
        if together is None or not (together.stamps or together.touches):
            return
        self._db().execute(_STAMPS, {
            "ids": list(together.stamps), "ats": list(together.stamps.values()),
            "names": list(together.touches), "times": list(together.touches.values()),
            "every": TOUCH_EVERY})

    def rollback(self) -> None:
        self._together = None

