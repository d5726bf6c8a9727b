"""The team store's project registry, anchors, derived-from relation and counts: the local ports'
contracts (adapters/sqlite/project_registry.py, anchor_rows.py, bead_sources.py, stats.py)."""

from collections import Counter
from collections.abc import Sequence
from datetime import datetime

from abzu.adapters.anchor_table import AnchorTable
from abzu.adapters.postgres.db import PgDb
from abzu.adapters.project_lookups import ProjectLookups
from abzu.adapters.sqlite.project_registry import TOUCH_EVERY
from abzu.application.ports import BeadSources, BeadStats, MemoryStats, ProjectRegistry
from abzu.domain.category import Category
from abzu.domain.decay import DecayPolicy


class PgProjectRegistry(ProjectLookups, ProjectRegistry):
    _db: PgDb

    def __init__(self, db: PgDb) -> None:
        self._db = db

    def register(self, name: str, path: str | None, at: datetime, remote: str | None = None) -> None:
        self._db.execute("INSERT INTO projects (name, path, created_at, remote) "
                         "VALUES (:name, :path, :at, :remote)",
                         {"name": name, "path": path, "at": at, "remote": remote})

    def claim(self, name: str, path: str, remote: str | None = None) -> bool:
        owner = self.name_for_path(path)
        if owner is not None:
            return owner == name
        # as the local registry's: no root yet, and no remote or this one (another remote is
        # another repository); one statement, so the server checks and writes at once
        claimed = self._db.execute(
            "UPDATE projects SET path = :path WHERE name = :name AND path IS NULL "
            "AND (remote IS NULL OR remote = :remote)", {"name": name, "path": path, "remote": remote})
        if claimed and remote is not None:
            self.add_remote(name, remote)
        return claimed == 1

    def add_remote(self, name: str, remote: str) -> None:
        self._db.execute("UPDATE projects SET remote = :remote WHERE name = :name AND remote IS NULL "
                         "AND NOT EXISTS (SELECT 1 FROM projects WHERE remote = :remote)",
                         {"name": name, "remote": remote})

    def touch(self, name: str, at: datetime) -> None:
        # One statement (a recall's round trip less): the server has no writer row to spare, as
        # the local store's read-first does (adapters/sqlite/project_registry.py).
        self._db.execute("UPDATE projects SET last_active = :at WHERE name = :name "
                         "AND (last_active IS NULL OR last_active < :old)",
                         {"name": name, "at": at, "old": at - TOUCH_EVERY})

    def needs_touch(self, name: str, at: datetime) -> bool:
        return bool(self._db.fetch(
            "SELECT 1 FROM projects WHERE name = :name AND (last_active IS NULL OR last_active < :old)",
            {"name": name, "old": at - TOUCH_EVERY}))


class PgAnchorRows(AnchorTable):
    """As the local tables: a bead anchor observed again at another commit is re-anchored there."""

    def __init__(self, db: PgDb, table: str) -> None:
        super().__init__(db, table, "IS DISTINCT FROM")


class PgBeadSources(BeadSources):
    def __init__(self, db: PgDb) -> None:
        self._db = db

    def record(self, bead_id: str, source_ids: Sequence[str]) -> None:
        rows = [{"bead": bead_id, "source": s} for s in dict.fromkeys(source_ids) if s != bead_id]
        self._db.executemany("INSERT INTO bead_sources (bead_id, source_id) VALUES (:bead, :source) "
                             "ON CONFLICT DO NOTHING", rows)

    def of(self, bead_id: str) -> tuple[str, ...]:
        rows = self._db.fetch("SELECT source_id FROM bead_sources WHERE bead_id = :bead ORDER BY source_id",
                              {"bead": bead_id})
        return tuple(r["source_id"] for r in rows)


class PgMemoryStats(MemoryStats):
    """Counts over live beads; weights by the domain's DecayPolicy. The team server keeps no review
    log: reviews are the local machines' (last_review_at is None)."""

    def __init__(self, db: PgDb, decay: DecayPolicy) -> None:
        self._db, self._decay = db, decay

    def bead_stats(self, now: datetime) -> BeadStats:
        rows = self._db.fetch("SELECT category, project, starred, last_accessed, created_at FROM beads "
                              "WHERE superseded_by IS NULL")
        weights = Counter(self._decay.idle_weight(Category(r["category"]), starred=r["starred"],
                                                  idle_since=r["last_accessed"] or r["created_at"], now=now)
                          for r in rows)
        count = self._db.scalar
        return BeadStats(
            by_category=dict(Counter(r["category"] for r in rows)),
            by_project=dict(Counter(r["project"] for r in rows)),
            starred=sum(1 for r in rows if r["starred"]),
            flagged=int(count("SELECT count(*) FROM beads WHERE gemini_flagged")),
            superseded=int(count("SELECT count(*) FROM beads WHERE superseded_by IS NOT NULL")),
            weights={float(w): n for w, n in weights.items()},
        )

    def staged_by_project(self) -> dict[str | None, int]:
        rows = self._db.fetch("SELECT project, count(*) AS n FROM bead_candidates "
                              "WHERE superseded_by IS NULL GROUP BY project")
        return {r["project"]: int(r["n"]) for r in rows}

    def last_review_at(self) -> datetime | None:
        return None
