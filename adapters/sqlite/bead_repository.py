from collections.abc import Callable, Sequence
from datetime import datetime

from abzu.adapters.sqlite.columns import BEADS as COLUMNS
from abzu.adapters.sqlite.db import Db, in_list
from abzu.adapters.sqlite.fts_table import FtsTable
from abzu.adapters.sqlite.rows import bead_to_row, row_to_bead
from abzu.adapters.sqlite.search import BEADS
from abzu.adapters.sqlite.search_sql import live_weight
from abzu.adapters.sqlite.timestamps import to_db
from abzu.application.ports import BeadRepository
from abzu.domain.bead import Bead
from abzu.domain.decay import DecayPolicy

# Every version a bead superseded, directly or through an older one.
_OLDER_VERSIONS = (
    "WITH RECURSIVE older(id) AS (SELECT id FROM beads WHERE superseded_by = :id "
    "UNION SELECT b.id FROM beads b JOIN older o ON b.superseded_by = o.id) SELECT id FROM older"
)


# Read from idx_beads_agent_written (w0015), a handful of rows, in its order: the unary `+` keeps
# the planner off the indexes on the other columns (without statistics it took the flag index,
# whose `gemini_flagged = 0` holds nearly every bead, and sorted them all).
UNREVIEWED = "vouched_by = 'agent' AND +superseded_by IS NULL AND +gemini_flagged = 0"


class SqliteBeadRepository(FtsTable[Bead], BeadRepository):
    """Rows, search and duplicates of the shared `FtsTable`; decay and flags are beads' own."""

    def __init__(self, db: Db, decay: DecayPolicy, *, before_decay: Callable[[], None] | None = None) -> None:
        super().__init__(db, COLUMNS, BEADS, bead_to_row, row_to_bead, decay)
        self._before_decay = before_decay

    def mark_recalled(self, bead_ids: Sequence[str], at: datetime) -> None:
        if bead_ids:
            ids, params = in_list("id", bead_ids)
            self._db.execute(f"UPDATE beads SET last_accessed = :at WHERE id IN {ids}",
                             {**params, "at": to_db(at)})

    def apply_decay(self, now: datetime) -> int:
        if self._before_decay is not None:  # the deferred recall stamps restart decay clocks first
            self._before_decay()
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

    def forget(self, bead_id: str) -> list[str]:
        older = [row["id"] for row in self._db.fetch(_OLDER_VERSIONS, {"id": bead_id})]
        # One statement: the foreign key between versions holds at its end. FTS rows go by trigger.
        ids, params = in_list("id", [bead_id, *older])
        self._db.execute(f"DELETE FROM beads WHERE id IN {ids}", params)
        return older

    def unreviewed(self, project: str | None = None, *, limit: int | None = None) -> list[Bead]:
        where = UNREVIEWED + ("" if project is None else " AND +project = :project")
        tail = " ORDER BY created_at, id" + ("" if limit is None else " LIMIT :limit")
        return self.select(where, {"project": project, "limit": limit}, tail)

    def created_since(self, moment: datetime) -> list[Bead]:
        return self.select("created_at > :moment", {"moment": to_db(moment)}, " ORDER BY created_at")
