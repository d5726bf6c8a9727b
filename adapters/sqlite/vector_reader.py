"""Hybrid recall's reads of one store's vectors and rows, on the standard library's sqlite3.

Recall is a light path (no SQLAlchemy needed to answer it), and these reads happen once per
process (the vectors) or once per recall (the rows of the dense neighbours), so each reader
keeps one autocommit connection: every SELECT is its own WAL snapshot and takes no lock.
"""

import sqlite3
import threading
from collections.abc import Mapping, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from abzu.adapters.sqlite.fts import Row
from abzu.adapters.sqlite.search import BEADS, CANDIDATES, FtsIndex, by_ids
from abzu.adapters.sqlite.search_sql import scope_filter
from abzu.domain.decay import DecayPolicy
from abzu.domain.ranking import SearchHit
from abzu.domain.scope import Scope

VECTOR_TABLES = {BEADS: "bead_vectors", CANDIDATES: "candidate_vectors"}


class Sqlite3VectorReader:
    """`index`: BEADS (wisdom.db) or CANDIDATES (abzu.db)."""

    def __init__(self, path: Path, index: FtsIndex, decay: DecayPolicy, *, busy_ms: int = 500) -> None:
        self._path, self._index, self._decay, self._busy_ms = path, index, decay, busy_ms
        self._lock = threading.Lock()  # the MCP server's tools run in worker threads
        self._conn: sqlite3.Connection | None = None
        a, vectors = index.alias, VECTOR_TABLES[index]
        self._version = f"SELECT COALESCE(MAX(rowid), 0) AS v FROM {vectors}"
        self._current = (
            f"SELECT v.id, {a}.project, v.vector FROM {vectors} v JOIN {index.table} {a} ON {a}.id = v.id "
            f"WHERE v.model = :model AND v.content_hash = {a}.content_hash AND {index.live}"
        )

    def version(self) -> int:
        """Grows with every vector written (INSERT OR REPLACE takes a new rowid): a cheap way to
        know the vectors a process holds are still those of the store."""
        return int(self._fetch(self._version, {})[0]["v"])

    def current(self, model: str, scope: Scope) -> list[tuple[str, str | None, bytes]]:
        """(id, project, float16 vector) of live memories in `scope` whose vector is of `model`
        and their text. A one-shot CLI recall in the default scope reads its project's and the
        global rows only (~15 % of them at 100k beads over 20 projects), not every vector."""
        where, params = scope_filter(self._index.alias, scope)
        rows = self._fetch(self._current + where, {"model": model, **params})
        return [(r["id"], r["project"], r["vector"]) for r in rows]

    def hits(self, ids: Sequence[str], scope: Scope, now: datetime) -> list[SearchHit]:
        return by_ids(self._fetch, self._index, ids, scope, now=now, decay=self._decay)

    def _fetch(self, sql: str, params: Mapping[str, Any]) -> Sequence[Row]:
        with self._lock:
            if self._conn is None:
                self._conn = sqlite3.connect(self._path, isolation_level=None, check_same_thread=False)
                self._conn.row_factory = sqlite3.Row
                self._conn.execute(f"PRAGMA busy_timeout = {int(self._busy_ms)}")
            return self._conn.execute(sql, params).fetchall()
