from datetime import datetime

from sqlalchemy import Connection, text
from sqlalchemy.exc import OperationalError

from abzu.adapters.sqlite.search_sql import live_weight
from abzu.adapters.sqlite.timestamps import from_db
from abzu.application.ports import BeadStats, MemoryStats
from abzu.domain.decay import DecayPolicy

_LIVE = "superseded_by IS NULL"


class SqliteMemoryStats(MemoryStats):
    """Counts over live beads (not superseded); superseded and flagged are counted apart."""

    def __init__(self, wisdom: Connection, staging: Connection, decay: DecayPolicy) -> None:
        self._wisdom, self._staging, self._decay = wisdom, staging, decay

    def bead_stats(self, now: datetime) -> BeadStats:
        weight, params = live_weight("b", self._decay, now)
        q = self._wisdom.execute
        return BeadStats(
            by_category=dict(q(text(f"SELECT category, count(*) FROM beads WHERE {_LIVE} "
                                    "GROUP BY category")).tuples().all()),
            by_project=dict(q(text(f"SELECT project, count(*) FROM beads WHERE {_LIVE} "
                                   "GROUP BY project")).tuples().all()),
            starred=q(text(f"SELECT count(*) FROM beads WHERE starred = 1 AND {_LIVE}")).scalar_one(),
            flagged=q(text("SELECT count(*) FROM beads WHERE gemini_flagged = 1")).scalar_one(),
            superseded=q(text("SELECT count(*) FROM beads WHERE superseded_by IS NOT NULL"))
            .scalar_one(),
            weights={
                float(w): n for w, n in q(
                    text(f"SELECT {weight} AS w, count(*) FROM beads b "
                         f"WHERE b.{_LIVE} GROUP BY w"), params
                ).tuples()
            },
        )

    def staged_by_project(self) -> dict[str | None, int]:
        rows = self._staging.execute(
            text(f"SELECT project, count(*) FROM bead_candidates WHERE {_LIVE} GROUP BY project")
        )
        return dict(rows.tuples().all())

    def last_review_at(self) -> datetime | None:
        try:
            value = self._staging.execute(text("SELECT max(finished_at) FROM review_log")).scalar()
        except OperationalError:
            return None  # no review has ever been set up on this store
        return from_db(value)
