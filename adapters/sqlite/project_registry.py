from datetime import datetime, timedelta

from returns.maybe import Maybe, Nothing, Some
from sqlalchemy import Connection, insert, or_, select, update

from abzu.adapters.sqlite.schema import projects
from abzu.adapters.sqlite.timestamps import to_db
from abzu.application.ports import ProjectRegistry

# A stamp younger than this is left alone: most remembers then write no row of wisdom.db at all,
# so their commit there is free (no WAL frame, no fsync) and the write gate is held shorter.
TOUCH_EVERY = timedelta(minutes=1)


class SqliteProjectRegistry(ProjectRegistry):
    def __init__(self, conn: Connection) -> None:
        self._conn = conn

    def name_for_path(self, path: str) -> Maybe[str]:
        name = self._conn.execute(
            select(projects.c.name).where(projects.c.path == path)
        ).scalar()
        return Some(name) if name else Nothing

    def exists(self, name: str) -> bool:
        found = self._conn.execute(select(projects.c.name).where(projects.c.name == name))
        return found.first() is not None

    def register(self, name: str, path: str | None, at: datetime) -> None:
        self._conn.execute(
            insert(projects).values(name=name, path=path, created_at=to_db(at), last_active=None)
        )

    def claim(self, name: str, path: str) -> bool:
        match self.name_for_path(path):
            case Some(str() as owner):
                return owner == name
            case _:
                self._conn.execute(
                    update(projects)
                    .where(projects.c.name == name, projects.c.path.is_(None))
                    .values(path=path)
                )
        return self.name_for_path(path) == Some(name)

    def touch(self, name: str, at: datetime) -> None:
        # Read first: an UPDATE that matches nothing still counts as a write for the history's
        # actor row (actor.py), which would dirty wisdom.db after all.
        stale = or_(projects.c.last_active.is_(None), projects.c.last_active < to_db(at - TOUCH_EVERY))
        if self._conn.execute(select(projects.c.name).where(projects.c.name == name, stale)).first():
            self._conn.execute(
                update(projects).where(projects.c.name == name).values(last_active=to_db(at))
            )
