"""Anchored memories read with the standard library's sqlite3 (the PreToolUse hot path).

Autocommit SELECTs on read-only connections, no SQLAlchemy: the hook runs before every edit.
A store that is missing or not migrated yet reads as empty.
"""

import logging
import sqlite3
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from abzu.adapters.sqlite.timestamps import from_db_required
from abzu.application.anchors.ports import AnchoredMemories
from abzu.domain.anchors import AnchorKind

if TYPE_CHECKING:  # imported when a row is found: most edits find none
    from abzu.domain.ranking import SearchHit

log = logging.getLogger("abzu")

# Superseded and flagged beads are never shown (like recall); starred ones first, then newest.
_BEADS = """
SELECT DISTINCT b.id, b.category, b.project, b.content, b.summary, b.created_at, b.starred,
       (SELECT MAX(s.stale) FROM bead_anchors s WHERE s.memory_id = b.id AND s.stale IS NOT NULL) AS stale
FROM bead_anchors a JOIN beads b ON b.id = a.memory_id
WHERE a.kind = ? AND a.value IN ({keys}) AND b.project = ?
  AND b.superseded_by IS NULL AND COALESCE(b.gemini_flagged, 0) = 0
ORDER BY COALESCE(b.starred, 0) DESC, b.created_at DESC LIMIT ?"""
_CANDIDATES = """
SELECT DISTINCT c.id, c.category, c.project, c.content, c.summary, c.created_at
FROM candidate_anchors a JOIN bead_candidates c ON c.id = a.memory_id
WHERE a.kind = ? AND a.value IN ({keys}) AND c.project = ? AND c.superseded_by IS NULL
ORDER BY c.created_at DESC LIMIT ?"""


class Sqlite3AnchoredMemories(AnchoredMemories):
    def __init__(self, wisdom: Path, staging: Path, *, busy_ms: int = 500) -> None:
        self._paths = {"wisdom": wisdom, "staging": staging}
        self._busy_ms = busy_ms

    def project_for_root(self, root: str) -> str | None:
        rows = self._rows("wisdom", "SELECT name FROM projects WHERE path = ?", [root])
        return str(rows[0][0]) if rows else None

    def anchored(self, kind: AnchorKind, keys: Sequence[str], project: str, *, limit: int,
                 with_candidates: bool) -> "list[SearchHit]":
        if not keys:
            return []
        params: list[object] = [kind.value, *keys, project, limit]
        marks = ", ".join("?" * len(keys))
        hits = [_hit(r, "bead") for r in self._rows("wisdom", _BEADS.format(keys=marks), params)]
        if with_candidates and len(hits) < limit:
            rows = self._rows("staging", _CANDIDATES.format(keys=marks), params)
            hits += [_hit(r, "candidate") for r in rows]
        return hits[:limit]

    def _rows(self, store: str, sql: str, params: list[object]) -> list[sqlite3.Row]:
        path = self._paths[store]
        if not path.is_file():  # connecting would create an empty database
            return []
        try:
            conn = sqlite3.connect(path, timeout=self._busy_ms / 1000, isolation_level=None)
            try:
                conn.row_factory = sqlite3.Row
                conn.execute("PRAGMA query_only = 1")
                return conn.execute(sql, params).fetchall()
            finally:
                conn.close()
        except sqlite3.Error as exc:  # not migrated yet, locked beyond the timeout, damaged
            log.warning("anchors: %s read skipped: %s", store, exc)
            return []


def _hit(row: sqlite3.Row, source: str) -> "SearchHit":
    from abzu.domain.category import Category
    from abzu.domain.ranking import SearchHit, Source

    stale = row["stale"] if source == "bead" else None  # marked by maintenance (issue 16.3)
    return SearchHit(row["id"], Source(source), Category(row["category"]), row["project"], row["content"],
                     row["summary"], from_db_required(row["created_at"]), 1.0, stale=stale)
