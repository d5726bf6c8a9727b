from datetime import datetime
from typing import Any

from abzu.adapters.sqlite.db import Db, is_operational
from abzu.adapters.sqlite.search_sql import live_weight
from abzu.adapters.sqlite.timestamps import from_db
from abzu.application.ports import BeadStats, MemoryStats
from abzu.domain.decay import DecayPolicy

_LIVE = "superseded_by IS NULL"
_GROUPS = (f"SELECT category, project, count(*), sum(starred = 1) FROM beads WHERE {_LIVE} "
           "GROUP BY category, project")


class SqliteMemoryStats(MemoryStats):
    """Counts over live beads (not superseded); superseded and flagged are counted apart."""

    def __init__(self, wisdom: Db, staging: Db, decay: DecayPolicy) -> None:
        self._wisdom, self._staging, self._decay = wisdom, staging, decay

    def bead_stats(self, now: datetime) -> BeadStats:
        weight, params = live_weight("b", self._decay, now)
        count = self._wisdom.scalar
        by_category: dict[str, int] = {}
        by_project: dict[str | None, int] = {}
        starred = 0
        # One pass over the covering index (w0009) instead of one scan of the table per count.
        for category, project, n, stars in (tuple(r.values()) for r in self._wisdom.fetch(_GROUPS)):
            by_category[category] = by_category.get(category, 0) + int(n)
            by_project[project] = by_project.get(project, 0) + int(n)
            starred += int(stars or 0)
        return BeadStats(
            by_category=by_category, by_project=by_project, starred=starred,
            flagged=count("SELECT count(*) FROM beads WHERE gemini_flagged = 1"),
            superseded=count("SELECT count(*) FROM beads WHERE superseded_by IS NOT NULL"),
            weights={float(w): n for w, n in _counts(
                self._wisdom, f"SELECT {weight} AS w, count(*) FROM beads b WHERE b.{_LIVE} GROUP BY w",
                params).items()},
        )

    def staged_by_project(self) -> dict[str | None, int]:
        return _counts(
            self._staging,
            f"SELECT project, count(*) FROM bead_candidates WHERE {_LIVE} GROUP BY project",
        )

    def last_review_at(self) -> datetime | None:
        try:
            value = self._staging.scalar("SELECT max(finished_at) FROM review_log")
        except Exception as exc:  # an OperationalError (no such table); the rest is re-raised
            if not is_operational(exc):
                raise
            return None  # no review has ever been set up on this store
        return from_db(value)


def _counts(db: Db, sql: str, params: dict[str, Any] | None = None) -> dict[Any, int]:
    return {values[0]: int(values[1]) for values in (tuple(r.values()) for r in db.fetch(sql, params))}
