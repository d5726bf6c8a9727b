from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import Connection, delete, select, text, update

from abzu.adapters.sqlite.fts_table import FtsRepository, FtsTable
from abzu.adapters.sqlite.rows import bead_to_row, row_to_bead
from abzu.adapters.sqlite.schema import beads
from abzu.adapters.sqlite.search import BEADS
from abzu.adapters.sqlite.search_sql import live_weight
from abzu.adapters.sqlite.timestamps import to_db
from abzu.application.ports import BeadRepository
from abzu.domain.bead import Bead
from abzu.domain.decay import DecayPolicy

# Every version a bead superseded, directly or through an older one.
_OLDER_VERSIONS = text(
    "WITH RECURSIVE older(id) AS (SELECT id FROM beads WHERE superseded_by = :id "
    "UNION SELECT b.id FROM beads b JOIN older o ON b.superseded_by = o.id) SELECT id FROM older"
)

class SqliteBeadRepository(FtsRepository[Bead], BeadRepository):
    """Rows, search and duplicates through the shared `FtsTable`; decay and flags are beads' own."""

    def __init__(self, conn: Connection, decay: DecayPolicy) -> None:
        self._conn, self._decay = conn, decay
        self._rows = FtsTable(conn, beads, BEADS, bead_to_row, row_to_bead, decay)

    def related(self, terms: Sequence[str], project: str | None, limit: int) -> list[Bead]:
        return self._rows.related(terms, project, limit)

    def mark_recalled(self, bead_ids: Sequence[str], at: datetime) -> None:
        if bead_ids:
            self._conn.execute(
                update(beads).where(beads.c.id.in_(list(bead_ids))).values(last_accessed=to_db(at))
            )

    def apply_decay(self, now: datetime) -> int:
        weight, params = live_weight("beads", self._decay, now)
        result = self._conn.execute(
            text(f"UPDATE beads SET weight = {weight} WHERE weight IS NOT {weight}"), params
        )
        return int(result.rowcount)

    def delete_flagged(self) -> list[str]:
        doomed = list(self._conn.execute(select(beads.c.id).where(beads.c.gemini_flagged == 1)).scalars())
        if doomed:
            # Beads superseded by a doomed bead point at it: release them first (foreign key).
            self._conn.execute(
                update(beads).where(beads.c.superseded_by.in_(doomed)).values(superseded_by=None)
            )
            self._conn.execute(delete(beads).where(beads.c.id.in_(doomed)))
        return doomed

    def forget(self, bead_id: str) -> list[str]:
        older = [row[0] for row in self._conn.execute(_OLDER_VERSIONS, {"id": bead_id})]
        # One statement: the foreign key between versions holds at its end. FTS rows go by trigger.
        self._conn.execute(delete(beads).where(beads.c.id.in_([bead_id, *older])))
        return older

    def created_since(self, moment: datetime) -> list[Bead]:
        query = select(beads).where(beads.c.created_at > to_db(moment)).order_by(beads.c.created_at)
        return [row_to_bead(r) for r in self._conn.execute(query).mappings()]
