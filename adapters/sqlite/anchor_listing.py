"""The anchors of given memories, read with the standard library's sqlite3 (read-only, autocommit)."""

import logging
import sqlite3
from collections.abc import Mapping, Sequence
from contextlib import closing
from pathlib import Path

from abzu.application.anchors.listing import AnchorListing
from abzu.domain.anchors import Anchor, AnchorKind

log = logging.getLogger("abzu")
_SQL = "SELECT memory_id, kind, value FROM {table} WHERE memory_id IN ({marks}) ORDER BY kind, value"


class Sqlite3AnchorListing(AnchorListing):
    def __init__(self, wisdom: Path, staging: Path) -> None:
        self._stores = ((wisdom, "bead_anchors"), (staging, "candidate_anchors"))

    def of(self, memory_ids: Sequence[str]) -> Mapping[str, tuple[Anchor, ...]]:
        found: dict[str, list[Anchor]] = {}
        for path, table in self._stores:
            for memory_id, kind, value in self._rows(path, table, memory_ids):
                found.setdefault(memory_id, []).append(Anchor(AnchorKind(kind), value))
        return {memory_id: tuple(anchors) for memory_id, anchors in found.items()}

    def _rows(self, path: Path, table: str, ids: Sequence[str]) -> list[tuple[str, str, str]]:
        if not ids or not path.is_file():  # connecting would create an empty database
            return []
        try:
            with closing(sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True, timeout=0.5)) as conn:
                sql = _SQL.format(table=table, marks=", ".join("?" * len(ids)))
                return [(str(a), str(b), str(c)) for a, b, c in conn.execute(sql, list(ids))]
        except sqlite3.Error as exc:  # not migrated yet, locked beyond the timeout, damaged
            log.warning("anchors: %s not listed: %s", table, exc)
            return []
