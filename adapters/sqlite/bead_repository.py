from collections.abc import Sequence
from datetime import datetime

from abzu.adapters.sqlite.columns import BEADS as COLUMNS
from abzu.adapters.sqlite.db import Db, in_list
from abzu.adapters.sqlite.fts_table import FtsRepository, FtsTable
from abzu.adapters.sqlite.rows import bead_to_row, row_to_bead
from abzu.adapters.sqlite.search import BEADS
from abzu.adapters.sqlite.search_sql import live_weight
from abzu.adapters.sqlite.timestamps import to_db
from abzu.application.ports import BeadRepository
from abzu.domain.bead import Bead
from abzu.domain.decay import DecayPolicy


class SqliteBeadRepository(FtsRepository[Bead], BeadRepository):
    """Rows, search and duplicates through the shared `FtsTable`; decay and flags are beads' own."""

    def __init__(self, db: Db, decay: DecayPolicy) -> None:
        self._db, self._decay = db, decay
        self._rows = FtsTable(db, COLUMNS, BEADS, bead_to_row, row_to_bead, decay)

    def related(self, terms: Sequence[str], project: str | None, limit: int) -> list[Bead]:
        return self._rows.related(terms, project, limit)

    def mark_recalled(self, bead_ids: Sequence[str], at: datetime) -> None:
        if bead_ids:
            ids, params = in_list("id", bead_ids)
            self._db.execute(f"UPDATE beads SET last_accessed = :at WHERE id IN {ids}",
                             {**params, "at": to_db(at)})

    def apply_decay(self, now: datetime) -> int:
        weight, params = live_weight("beads", self._decay, now)
        return self._db.execute(f"UPDATE beads SET weight = {weight} WHERE weight IS NOT {weight}", params)

    def delete_flagged(self) -> list[str]:
        doomed = [r["id"] for r in self._db.fetch("SELECT id FROM beads WHERE gemini_flagged = 1")]
        if doomed:
            ids, params = in_list("id", doomed)
            # Beads superseded by a doomed bead point at it: release them first (foreign key).
            self._db.execute(f"UPDATE beads SET superseded_by = NULL WHERE superseded_by IN {ids}", params)
            self._db.execute(f"DELETE FROM beads WHERE id IN {ids}", params)
        return doomed

    def forget(self, bead_id: str) -> None:
        # Release the beads it superseded first (foreign key); the FTS row goes with the trigger.
        self._db.execute("UPDATE beads SET superseded_by = NULL WHERE superseded_by = :id", {"id": bead_id})
        self._db.execute("DELETE FROM beads WHERE id = :id", {"id": bead_id})

    def created_since(self, moment: datetime) -> list[Bead]:
        return self._rows.select("created_at > :moment", {"moment": to_db(moment)}, " ORDER BY created_at")
