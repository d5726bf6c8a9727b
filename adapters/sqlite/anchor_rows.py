"""The anchors tables (w0005 `bead_anchors`, s0010 `candidate_anchors`) on an open connection."""

from collections.abc import Sequence

from sqlalchemy import Connection, text

from abzu.application.ports import AnchorRows
from abzu.domain.anchors import Anchor, AnchorKind


class SqliteAnchorRows(AnchorRows):
    def __init__(self, conn: Connection, table: str) -> None:
        assert table in ("bead_anchors", "candidate_anchors")  # a name, never user text
        self._conn, self._table = conn, table

    def attach(self, memory_id: str, anchors: Sequence[Anchor], commit: str | None = None) -> None:
        if not anchors:
            return
        rows = [{"id": memory_id, "kind": a.kind.value, "value": a.value, "commit": a.commit or commit}
                for a in anchors]
        # An anchor given again keeps its first commit: that is when the memory was observed. An
        # anchor read from another memory (promotion, merge) brings its own commit along.
        self._conn.execute(text(f"INSERT OR IGNORE INTO {self._table} (memory_id, kind, value, "
                                "git_commit) VALUES (:id, :kind, :value, :commit)"), rows)

    def of(self, memory_id: str) -> tuple[Anchor, ...]:
        rows = self._conn.execute(text(f"SELECT kind, value, git_commit FROM {self._table} "
                                       "WHERE memory_id = :id ORDER BY kind, value"), {"id": memory_id})
        return tuple(Anchor(AnchorKind(kind), value, commit) for kind, value, commit in rows)
