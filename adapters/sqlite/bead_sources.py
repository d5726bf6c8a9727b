"""wisdom.db `bead_sources` (w0007): what each bead was derived from, on an open connection."""

from collections.abc import Sequence

from sqlalchemy import Connection, text

from abzu.application.ports import BeadSources

_ADD = text("INSERT OR IGNORE INTO bead_sources (bead_id, source_id) VALUES (:bead, :source)")
_OF = text("SELECT source_id FROM bead_sources WHERE bead_id = :bead ORDER BY source_id")


class SqliteBeadSources(BeadSources):
    def __init__(self, conn: Connection) -> None:
        self._conn = conn

    def record(self, bead_id: str, source_ids: Sequence[str]) -> None:
        rows = [{"bead": bead_id, "source": s} for s in dict.fromkeys(source_ids) if s != bead_id]
        if rows:  # a source given again (a twin promoted twice) keeps its one row and one event
            self._conn.execute(_ADD, rows)

    def of(self, bead_id: str) -> tuple[str, ...]:
        return tuple(row[0] for row in self._conn.execute(_OF, {"bead": bead_id}))
