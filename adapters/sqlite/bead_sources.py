"""wisdom.db `bead_sources` (w0007): what each bead was derived from, on an open connection."""

from collections.abc import Sequence

from abzu.adapters.sqlite.db import Db
from abzu.application.ports import BeadSources

_ADD = "INSERT OR IGNORE INTO bead_sources (bead_id, source_id) VALUES (:bead, :source)"
_OF = "SELECT source_id FROM bead_sources WHERE bead_id = :bead ORDER BY source_id"


class SqliteBeadSources(BeadSources):
    def __init__(self, db: Db) -> None:
        self._db = db

    def record(self, bead_id: str, source_ids: Sequence[str]) -> None:
        rows = [{"bead": bead_id, "source": s} for s in dict.fromkeys(source_ids) if s != bead_id]
        # a source given again (a twin promoted twice) keeps its one row and one event
        self._db.executemany(_ADD, rows)

    def of(self, bead_id: str) -> tuple[str, ...]:
        return tuple(row["source_id"] for row in self._db.fetch(_OF, {"bead": bead_id}))
