"""`SqliteTeamCache`: the whole copy replaced at once (a new file, then a rename), so a hook
reading it meanwhile sees the old copy or the new one, never half of each."""

import os
import sqlite3
from collections.abc import Sequence
from contextlib import closing
from datetime import datetime
from pathlib import Path

from abzu.adapters.sqlite.rows import _tags_out
from abzu.adapters.sqlite.timestamps import from_db, to_db
from abzu.adapters.team_cache.reader import ROWS
from abzu.adapters.team_cache.schema import STATEMENTS
from abzu.application.team.ports import TeamCache, TeamItem
from abzu.domain.bead import Bead

_BEAD = ("INSERT INTO beads (id, content, summary, category, project, tags, context, created_at, "
         "last_accessed, starred, vouched_by, author, machine) "
         "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
_CANDIDATE = ("INSERT INTO bead_candidates (id, content, summary, category, project, context, created_at, "
              "author, machine) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")


class SqliteTeamCache(TeamCache):
    def __init__(self, path: Path) -> None:
        self._path = path

    def replace(self, items: Sequence[TeamItem], at: datetime) -> None:
        self._path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        fresh = self._path.with_name(f".{self._path.name}.{os.getpid()}")
        fresh.unlink(missing_ok=True)
        try:
            with closing(sqlite3.connect(fresh, isolation_level=None)) as conn:
                os.chmod(fresh, 0o600)
                conn.execute("BEGIN")
                for statement in STATEMENTS:
                    conn.execute(statement)
                conn.executemany(_BEAD, [_bead(i) for i in items if isinstance(i.memory, Bead)])
                conn.executemany(_CANDIDATE, [_candidate(i) for i in items if not isinstance(i.memory, Bead)])
                conn.execute("INSERT INTO meta VALUES ('refreshed_at', ?)", (to_db(at),))
                for table in ("beads", "bead_candidates"):  # read by every start, counted once here
                    conn.execute(f"INSERT INTO meta SELECT '{ROWS}{table}', count(*) FROM {table}")
                conn.execute("COMMIT")
            os.replace(fresh, self._path)
        finally:
            fresh.unlink(missing_ok=True)

    def refreshed_at(self) -> datetime | None:
        found = self._scalar("SELECT value FROM meta WHERE key = 'refreshed_at'")
        return from_db(found) if isinstance(found, str) else None

    def size(self) -> int:
        found = self._scalar("SELECT (SELECT count(*) FROM beads) + (SELECT count(*) FROM bead_candidates)")
        return int(found) if isinstance(found, int) else 0

    def _scalar(self, sql: str) -> object:
        if not self._path.is_file():
            return None
        try:
            with closing(sqlite3.connect(f"{self._path.as_uri()}?mode=ro", uri=True)) as conn:
                row = conn.execute(sql).fetchone()
        except sqlite3.Error:
            return None
        return row[0] if row else None


def _bead(item: TeamItem) -> tuple[object, ...]:
    b = item.memory
    assert isinstance(b, Bead)
    return (b.id, b.content, b.summary, b.category.value, b.project, _tags_out(b.tags), b.context,
            to_db(b.created_at), to_db(b.last_accessed), int(b.starred), b.vouched_by.value, item.author,
            item.machine)


def _candidate(item: TeamItem) -> tuple[object, ...]:
    c = item.memory
    return (c.id, c.content, c.summary, c.category.value, c.project, c.context, to_db(c.created_at),
            item.author, item.machine)
