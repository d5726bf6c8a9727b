"""The anchors tables (w0005 `bead_anchors`, s0010 `candidate_anchors`) on an open connection."""

from collections.abc import Sequence

from abzu.adapters.sqlite.db import Db
from abzu.application.ports import AnchorRows
from abzu.domain.anchors import Anchor, AnchorKind

# A bead whose file was marked stale and is observed again at another commit (remembered again,
# merged with a newer memory about it) is re-anchored there: the mark is lifted, and the next
# maintenance compares with the new commit. Candidates carry no marks.
_AGAIN = {
    "bead_anchors": "ON CONFLICT (memory_id, kind, value) DO UPDATE SET git_commit = excluded.git_commit, "
                    "stale = NULL WHERE bead_anchors.stale IS NOT NULL AND excluded.git_commit IS NOT NULL "
                    "AND excluded.git_commit IS NOT bead_anchors.git_commit",
    "candidate_anchors": "ON CONFLICT DO NOTHING",
}


class SqliteAnchorRows(AnchorRows):
    def __init__(self, db: Db, table: str) -> None:
        assert table in ("bead_anchors", "candidate_anchors")  # a name, never user text
        self._db, self._table = db, table

    def attach(self, memory_id: str, anchors: Sequence[Anchor], commit: str | None = None) -> None:
        if not anchors:
            return
        rows = [{"id": memory_id, "kind": a.kind.value, "value": a.value, "commit": a.commit or commit}
                for a in anchors]
        # An anchor given again keeps its first commit: that is when the memory was observed. An
        # anchor read from another memory (promotion, merge) brings its own commit along.
        self._db.executemany(f"INSERT INTO {self._table} (memory_id, kind, value, git_commit) "
                             f"VALUES (:id, :kind, :value, :commit) {_AGAIN[self._table]}", rows)

    def of(self, memory_id: str) -> tuple[Anchor, ...]:
        rows = self._db.fetch(f"SELECT kind, value, git_commit FROM {self._table} "
                              "WHERE memory_id = :id ORDER BY kind, value", {"id": memory_id})
        return tuple(Anchor(AnchorKind(r["kind"]), r["value"], r["git_commit"]) for r in rows)
