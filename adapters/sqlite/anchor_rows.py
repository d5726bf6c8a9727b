"""The anchors tables (w0005 `bead_anchors`, s0010 `candidate_anchors`) on an open connection."""

from abzu.adapters.anchor_table import AnchorTable
from abzu.adapters.sqlite.db import Db


class SqliteAnchorRows(AnchorTable):
    def __init__(self, db: Db, table: str) -> None:
        super().__init__(db, table, "IS NOT")
