"""The anchors tables (`bead_anchors`, `candidate_anchors`) on either store: one copy for SQLite
(adapters/sqlite/anchor_rows.py) and the team store (adapters/postgres/registry.py), which differ
only in the words of the re-anchoring upsert."""

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from abzu.application.ports import AnchorRows
from abzu.domain.anchors import Anchor, AnchorKind


class AnchorQueries(Protocol):
    def executemany(self, sql: str, rows: Sequence[Mapping[str, Any]]) -> int: ...
    def fetch(self, sql: str, params: Mapping[str, Any] | None = None) -> Sequence[Mapping[str, Any]]: ...


class AnchorTable(AnchorRows):
    """`again`: per table, the ON CONFLICT clause of an anchor given again."""

    def __init__(self, db: AnchorQueries, table: str, again: Mapping[str, str]) -> None:
        assert table in again  # a name, never user text
        self._db, self._table, self._again = db, table, again[table]

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
