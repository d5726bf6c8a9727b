"""`CachedTeamRecall`: the team's side of a recall from the local copy, by the local search
(adapters/sqlite/search.py) over the same table shapes, so its hits are on the local scale.

Standard library, sqlite3 and the domain only (the SessionStart hook reads it). A missing or
unreadable copy is no hits and, for a damaged one, one log line: a hook never fails on it.
"""

import sqlite3
from collections.abc import Mapping, Sequence
from contextlib import closing
from datetime import datetime
from pathlib import Path
from typing import Any, cast

from abzu.adapters.sqlite import search
from abzu.adapters.sqlite.fts import Row
from abzu.adapters.sqlite.timestamps import from_db, from_db_required
from abzu.application.team.ports import TeamRecall
from abzu.domain.category import Category
from abzu.domain.decay import DecayPolicy
from abzu.domain.ranking import SearchHit, Source
from abzu.domain.scope import Scope


class CachedTeamRecall(TeamRecall):
    def __init__(self, path: Path, decay: DecayPolicy | None = None) -> None:
        self._path, self._decay = path, decay or DecayPolicy()

    def search(self, terms: Sequence[str], scope: Scope, *, limit: int, now: datetime) -> list[SearchHit]:
        if not self._path.is_file():
            return []
        try:
            conn = self._open()
        except sqlite3.Error as exc:
            return _skipped(exc)
        try:

            def fetch(sql: str, params: Mapping[str, Any]) -> Sequence[Row]:
                return cast(Sequence[Row], conn.execute(sql, dict(params)).fetchall())

            hits = [h for index in (search.BEADS, search.CANDIDATES) for h in search.search(
                fetch, index, terms, scope, limit=limit, now=now, decay=self._decay)]
            return _with_authors(conn, hits)
        except sqlite3.Error as exc:
            return _skipped(exc)
        finally:
            conn.close()

    def notable(self, project: str, *, limit: int, now: datetime) -> list[SearchHit]:
        """The project's team beads the session start shows without a matching goal, as the local
        ones (context_sql.NOTABLE: starred, decisions and fixes, newest), each naming its author."""
        from abzu.adapters.sqlite.context_sql import NOTABLE
        from abzu.adapters.sqlite.search_sql import live_weight

        if not self._path.is_file():
            return []
        weight, params = live_weight("b", self._decay, now)
        try:
            with closing(self._open()) as conn:
                rows = conn.execute(NOTABLE.format(weight=weight), {"project": project, "limit": limit,
                                                                    **params}).fetchall()
                return _with_authors(conn, [_notable(r) for r in rows])
        except sqlite3.Error as exc:
            return _skipped(exc)

    def _open(self) -> sqlite3.Connection:
        conn = sqlite3.connect(f"{self._path.as_uri()}?mode=ro", uri=True, isolation_level=None)
        conn.row_factory = sqlite3.Row
        return conn

    def mark(self) -> tuple[int, int, int] | None:
        """What a recall pack checks the copy against: a new copy is a new file (a rename)."""
        try:
            found = self._path.stat()
        except OSError:
            return None
        return (found.st_ino, found.st_mtime_ns, found.st_size)


def _notable(row: sqlite3.Row) -> SearchHit:
    return SearchHit(row["id"], Source.BEAD, Category(row["category"]), row["project"], row["content"],
                     row["summary"], from_db_required(row["created_at"]), float(row["strength"]),
                     float(row["live_weight"]), from_db(row["last_accessed"]))


def _with_authors(conn: sqlite3.Connection, hits: list[SearchHit]) -> list[SearchHit]:
    if not hits:
        return hits
    ids = [h.item_id for h in hits]
    marks = ", ".join("?" * len(ids))
    rows = conn.execute(f"SELECT id, author FROM beads WHERE id IN ({marks}) UNION ALL "
                        f"SELECT id, author FROM bead_candidates WHERE id IN ({marks})", ids + ids)
    authors = dict(rows.fetchall())
    return [h.replace(author=authors.get(h.item_id) or "team") for h in hits]


def _skipped(exc: sqlite3.Error) -> list[SearchHit]:
    from abzu.adapters.lazy_log import abzu_log

    abzu_log().warning("team cache skipped: %s", exc)
    return []
