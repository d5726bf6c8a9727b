from datetime import datetime, timedelta

from abzu.adapters.project_lookups import ProjectLookups
from abzu.adapters.sqlite.db import Db
from abzu.adapters.sqlite.timestamps import to_db
from abzu.application.ports import ProjectRegistry

# A stamp younger than this is left alone: most remembers then write no row of wisdom.db at all,
# so their commit there is free (no WAL frame, no fsync) and the write gate is held shorter.
TOUCH_EVERY = timedelta(minutes=1)
# no root yet, and no remote or this one: a project known by another remote is another repository
_CLAIMABLE = ("SELECT 1 FROM projects WHERE name = :name AND path IS NULL "
              "AND (remote IS NULL OR remote = :remote)")
# the project has no remote yet and no other project holds this one (one name per remote)
_REMOTE_MISSING = ("SELECT 1 FROM projects WHERE name = :name AND remote IS NULL "
                   "AND NOT EXISTS (SELECT 1 FROM projects WHERE remote = :remote)")


class SqliteProjectRegistry(ProjectLookups, ProjectRegistry):
    _db: Db

    def __init__(self, db: Db) -> None:
        self._db = db

    def register(self, name: str, path: str | None, at: datetime, remote: str | None = None) -> None:
        self._db.execute(
            "INSERT INTO projects (name, path, created_at, last_active, remote) "
            "VALUES (:name, :path, :at, NULL, :remote)",
            {"name": name, "path": path, "at": to_db(at), "remote": remote},
        )

    def claim(self, name: str, path: str, remote: str | None = None) -> bool:
        owner = self.name_for_path(path)
        if owner is not None:
            return owner == name
        if not self._db.fetch(_CLAIMABLE, {"name": name, "remote": remote}):
            return False  # read first, as `touch` does: a second clone claims nothing
        self._db.execute("UPDATE projects SET path = :path WHERE name = :name", {"name": name, "path": path})
        if remote is not None:
            self.add_remote(name, remote)
        return True

    def add_remote(self, name: str, remote: str) -> None:
        # Read first, as `touch` does: most calls find the remote recorded and write nothing.
        if self._db.fetch(_REMOTE_MISSING, {"name": name, "remote": remote}):
            self._db.execute("UPDATE projects SET remote = :remote WHERE name = :name",
                             {"name": name, "remote": remote})

    def touch(self, name: str, at: datetime) -> None:
        # Read first: an UPDATE that matches nothing still counts as a write for the history's
        # actor row (actor.py), which would dirty wisdom.db after all.
        if self.needs_touch(name, at):
            self._db.execute("UPDATE projects SET last_active = :at WHERE name = :name",
                             {"name": name, "at": to_db(at)})

    def needs_touch(self, name: str, at: datetime) -> bool:
        return bool(self._db.fetch(
            "SELECT 1 FROM projects WHERE name = :name AND (last_active IS NULL OR last_active < :old)",
            {"name": name, "old": to_db(at - TOUCH_EVERY)},
        ))
