"""The anchors tables (`bead_anchors`, `candidate_anchors`) on either store: one copy for SQLite
(adapters/sqlite/anchor_rows.py) and the team store (adapters/postgres/registry.py), which differ
only in how their SQL says "differs, NULL included" in the re-anchoring upsert."""

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from abzu.application.ports import AnchorRows
from abzu.domain.anchors import Anchor, AnchorKind


class AnchorQueries(Protocol):
    def executemany(self, sql: str, rows: Sequence[Mapping[str, Any]]) -> int: ...
    def fetch(self, sql: str, params: Mapping[str, Any] | None = None) -> Sequence[Mapping[str, Any]]: ...


# A bead whose file was marked stale and is observed again at another commit (remembered again,
# merged with a newer memory about it) is re-anchored there: the mark is lifted, and the next
# maintenance compares with the new commit. Candidates carry no marks.
_BEAD_AGAIN = ("ON CONFLICT (memory_id, kind, value) DO UPDATE SET git_commit = excluded.git_commit, "
               "stale = NULL WHERE bead_anchors.stale IS NOT NULL AND excluded.git_commit IS NOT NULL "
               "AND excluded.git_commit {distinct} bead_anchors.git_commit")
_AGAIN = {"bead_anchors": _BEAD_AGAIN, "candidate_anchors": "ON CONFLICT DO NOTHING"}


class AnchorTable(AnchorRows):
    """`distinct`: how the store's SQL says "differs, NULL included" (SQLite `IS NOT`,
    PostgreSQL `IS DISTINCT FROM`)."""

    def __init__(self, db: AnchorQueries, table: str, distinct: str) -> None:
        assert table in _AGAIN  # a name, never user text
        self._db, self._table = db, table
        self._again = _AGAIN[table].format(distinct=distinct)  # the ON CONFLICT of an anchor given again

    def attach(self, memory_id: str, anchors: Sequence[Anchor], commit: str | None = None) -> None:
        if not anchors:
            return
        rows = [{"id": memory_id, "kind": a.kind.value, "value": a.value, "commit": a.commit or commit}
                for a in anchors]
        # An anchor given again keeps its first commit: that is when the memory was observed. An
        # anchor read from another memory (promotion, merge) brings its own commit along.
        self._db.executemany(f"INSERT INTO {self._table} (memory_id, kind, value, git_commit) "
                             f"VALUES (:id, :kind, :value, :commit) {self._again}", rows)

    def of(self, memory_id: str) -> tuple[Anchor, ...]:
        rows = self._db.fetch(f"SELECT kind, value, git_commit FROM {self._table} "
                              "WHERE memory_id = :id ORDER BY kind, value", {"id": memory_id})
        return tuple(Anchor(AnchorKind(r["kind"]), r["value"], r["git_commit"]) for r in rows)
