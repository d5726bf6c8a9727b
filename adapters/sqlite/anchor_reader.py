"""Anchored memories read with the standard library's sqlite3 (the PreToolUse hot path).

Read-only connections (`mode=ro`: the hook can neither create nor change a store), one per
store for the reader's life (the project's name and its anchored memories are two statements
on one connection: each new connection to a WAL store rebuilds its shared-memory index and
parses the schema again), no SQLAlchemy, no migration check: a store that is missing, not migrated yet or
locked beyond the wait reads as empty, with one log line. Rows come back as plain
`AnchoredMemory` values, whose module is imported only when a row is found.
"""

import sqlite3
from collections.abc import Callable, Mapping, Sequence
from os import PathLike, fspath, path

from abzu.adapters.project_root_name import name_for_root
from abzu.adapters.workspace import remote_identity

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing on the hook's path
if TYPE_CHECKING:
    from abzu.domain.anchors_render import AnchoredMemory

# Superseded and flagged beads are never shown (like recall); reviewed ones first (a preference
# the agent wrote and nobody confirmed after them, issue 29), starred first, then newest.
# CROSS JOIN keeps the anchors' (kind, value) index as the outer loop: without statistics SQLite
# chose to walk every bead of the project and probe its anchors (30 ms at 10k beads, not 0.3).
_BEADS = """
SELECT DISTINCT b.id, b.category, b.project, b.content, b.summary, b.created_at, b.starred,
       (SELECT MAX(s.stale) FROM bead_anchors s WHERE s.memory_id = b.id AND s.stale IS NOT NULL) AS stale,
       b.vouched_by
FROM bead_anchors a CROSS JOIN beads b ON b.id = a.memory_id
WHERE a.kind = ? AND a.value IN ({keys}) AND b.project = ?
  AND b.superseded_by IS NULL AND COALESCE(b.gemini_flagged, 0) = 0
ORDER BY b.vouched_by = 'agent', COALESCE(b.starred, 0) DESC, b.created_at DESC LIMIT ?"""
_CANDIDATES = """
SELECT DISTINCT c.id, c.category, c.project, c.content, c.summary, c.created_at, 0, NULL, NULL
FROM candidate_anchors a CROSS JOIN bead_candidates c ON c.id = a.memory_id
WHERE a.kind = ? AND a.value IN ({keys}) AND c.project = ? AND c.superseded_by IS NULL
ORDER BY c.created_at DESC LIMIT ?"""


class Sqlite3AnchoredMemories:  # an `AnchoredMemories` (application/anchors/ports.py) by shape
    def __init__(self, wisdom: "str | PathLike[str]", staging: "str | PathLike[str]", *,
                 busy_ms: int = 500, warn: Callable[[str], None] | None = None) -> None:
        """`warn`: where a skipped read is said (the hook's log file); the "abzu" logger by default."""
        self._paths = {"wisdom": fspath(wisdom), "staging": fspath(staging)}
        self._busy_ms, self._warn = busy_ms, warn or _log_warning
        self._open: dict[str, sqlite3.Connection] = {}

    def close(self) -> None:
        for conn in self._open.values():
            conn.close()
        self._open.clear()

    def project_for_root(self, root: str) -> str | None:
        """By the root, else by the repository's remote (another clone, another machine: issue 29)."""
        return name_for_root(self._first, root, remote_identity)

    def _first(self, sql: str, params: Mapping[str, object]) -> object:
        rows = self._rows("wisdom", sql, dict(params))
        return rows[0][0] if rows else None

    def anchored(self, kind: str, keys: Sequence[str], project: str, *, limit: int,
                 with_candidates: bool) -> "list[AnchoredMemory]":
        if not keys:
            return []
        params: list[object] = [kind, *keys, project, limit]
        marks = ", ".join("?" * len(keys))
        found = self._rows("wisdom", _BEADS.format(keys=marks), params)
        if with_candidates and len(found) < limit:
            found += self._rows("staging", _CANDIDATES.format(keys=marks), params)
        return _memories(found[:limit])

    def _rows(
        self, store: str, sql: str, params: Sequence[object] | Mapping[str, object]
    ) -> list[tuple[object, ...]]:
        where = self._paths[store]
        if not path.isfile(where):  # nothing stored yet
            return []
        try:
            conn = self._open.get(store)
            if conn is None:  # autocommit: no read snapshot is held between the statements
                conn = self._open[store] = sqlite3.connect(
                    f"file:{_uri_path(where)}?mode=ro", uri=True, timeout=self._busy_ms / 1000,
                    isolation_level=None)
            return conn.execute(sql, params).fetchall()
        except sqlite3.Error as exc:  # not migrated yet, locked beyond the timeout, damaged
            self._warn(f"anchors: {store} read skipped: {exc}")
            return []


def _log_warning(message: str) -> None:
    from abzu.adapters.lazy_log import abzu_log  # only when something went wrong

    abzu_log().warning("%s", message)


def _uri_path(where: str) -> str:
    """A file name as a URI path: `?` and `#` (and `%`) would otherwise end or escape it."""
    return path.abspath(where).replace("%", "%25").replace("?", "%3f").replace("#", "%23")


def _memories(found: list[tuple[object, ...]]) -> "list[AnchoredMemory]":
    """Rows of `_BEADS` and `_CANDIDATES` (a candidate's `vouched_by` is NULL: nobody's yet)."""
    if not found:
        return []
    from abzu.domain.anchors_render import AnchoredMemory

    return [AnchoredMemory(str(r[0]), str(r[1]), r[2] if isinstance(r[2], str) else None, str(r[3]),
                           r[4] if isinstance(r[4], str) else None, str(r[5]),
                           vouched_by=r[8] if isinstance(r[8], str) else None,
                           stale=r[7] if isinstance(r[7], str) else None)
            for r in found]
