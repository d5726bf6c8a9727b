"""The anchors tables (w0005 `bead_anchors`, s0010 `candidate_anchors`) on an open connection."""

from abzu.adapters.anchor_table import AnchorTable
from abzu.adapters.sqlite.db import Db

# A bead whose file was marked stale and is observed again at another commit (remembered again,
# merged with a newer memory about it) is re-anchored there: the mark is lifted, and the next
# maintenance compares with the new commit. Candidates carry no marks.
_AGAIN = {
    "bead_anchors": "ON CONFLICT (memory_id, kind, value) DO UPDATE SET git_commit = excluded.git_commit, "
                    "stale = NULL WHERE bead_anchors.stale IS NOT NULL AND excluded.git_commit IS NOT NULL "
                    "AND excluded.git_commit IS NOT bead_anchors.git_commit",
    "candidate_anchors": "ON CONFLICT DO NOTHING",
}


class SqliteAnchorRows(AnchorTable):
    def __init__(self, db: Db, table: str) -> None:
        super().__init__(db, table, _AGAIN)
