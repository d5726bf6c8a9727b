"""`CachedTeamRecall`: the team's side of a recall from the local copy, by the local search
(adapters/sqlite/search.py) over the same table shapes, so its hits are on the local scale.

Standard library, sqlite3 and the domain only (the SessionStart hook reads it). A missing or
unreadable copy is no counts and no hits and, for a damaged one, one log line: a hook never
fails on it.
"""

import sqlite3
from collections.abc import Callable, Mapping, Sequence
from contextlib import closing
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import Any, TypeVar, cast

from abzu.adapters.sqlite import search
from abzu.adapters.sqlite.fts import Fetch, Row
from abzu.adapters.sqlite.fts_query import quoted_terms
from abzu.adapters.sqlite.timestamps import from_db, from_db_required
from abzu.application.team.ports import TeamRecall, TeamTerms
from abzu.domain.category import Category
from abzu.domain.decay import DecayPolicy
from abzu.domain.ranking import SearchHit, Source
from abzu.domain.scope import Scope
from abzu.domain.term_weights import TermCounts

T = TypeVar("T")
# meta's key prefix of a table's row count (`rows:beads`), written with the copy (writer.py); here,
# not in schema.py, which loads Alembic: the SessionStart hook imports this module
ROWS = "rows:"


def _recorded_size(index: search.FtsIndex) -> search.FtsIndex:
    """The copy never changes once written: its size is the count its writer recorded
    (writer.py), so a start reads one row whatever the copy holds; a copy written before that
    is counted."""
    recorded = f"(SELECT CAST(value AS INTEGER) FROM meta WHERE key = '{ROWS}{index.table}')"
    return index._replace(size=f"coalesce({recorded}, (SELECT count(*) FROM {index.table}))")


_TABLES = (_recorded_size(search.BEADS), _recorded_size(search.CANDIDATES))


class CachedTeamRecall(TeamRecall):
    def __init__(self, path: Path, decay: DecayPolicy | None = None) -> None:
        self._path, self._decay = path, decay or DecayPolicy()

    def term_counts(self, terms: Sequence[str]) -> TeamTerms:
        found = self._read(lambda fetch: [search.term_counts(fetch, index, terms) for index in _TABLES])
        nothing = [TermCounts((0,) * len(quoted_terms(terms)), 0) for _ in _TABLES]
        return TeamTerms(tuple(found or nothing), live=False)

    def search(
        self, terms: Sequence[str], scope: Scope, *, limit: int, now: datetime,
        counts: TeamTerms | None = None, weights: Sequence[float] | None = None,
    ) -> list[SearchHit]:
        """The copy's matches; `counts` are reused only when the copy took them (not the server)."""
        held = counts.tables if counts is not None and not counts.live else (None,) * len(_TABLES)

        def found(fetch: Fetch) -> list[SearchHit]:
            return _with_authors(fetch, [
                hit for index, mine in zip(_TABLES, held, strict=True) for hit in search.search(
                    fetch, index, terms, scope, limit=limit, now=now, decay=self._decay, counts=mine,
                    weights=weights)])

        return self._read(found) or []

    def notable(self, project: str, *, limit: int, now: datetime) -> list[SearchHit]:
        """The project's team beads the session start shows without a matching goal, as the local
        ones (context_sql.NOTABLE: starred, decisions and fixes, newest), each naming its author."""
        from abzu.adapters.sqlite.context_sql import NOTABLE
        from abzu.adapters.sqlite.search_sql import live_weight

        weight, params = live_weight("b", self._decay, now)

        def found(fetch: Fetch) -> list[SearchHit]:
            rows = fetch(NOTABLE.format(weight=weight), {"project": project, "limit": limit, **params})
            return _with_authors(fetch, [_notable(r) for r in rows])

        return self._read(found) or []

    def _read(self, read: Callable[[Fetch], T]) -> T | None:
        """`read` on a read-only connection to the copy; None when there is no copy or it is
        unreadable (one log line for a damaged one)."""
        if not self._path.is_file():
            return None
        try:
            with closing(self._open()) as conn:

                def fetch(sql: str, params: Mapping[str, Any]) -> Sequence[Row]:
                    return cast(Sequence[Row], conn.execute(sql, dict(params)).fetchall())

                return read(fetch)
        except sqlite3.Error as exc:
            from abzu.adapters.lazy_log import abzu_log

            abzu_log().warning("team cache skipped: %s", exc)
            return None

    def _open(self) -> sqlite3.Connection:
        conn = sqlite3.connect(f"{self._path.as_uri()}?mode=ro", uri=True, isolation_level=None)
        conn.row_factory = sqlite3.Row
        return conn


def _notable(row: Row) -> SearchHit:
    return SearchHit(row["id"], Source.BEAD, Category(row["category"]), row["project"], row["content"],
                     row["summary"], from_db_required(row["created_at"]), float(row["strength"]),
                     float(row["live_weight"]), from_db(row["last_accessed"]), vouched_by=row["vouched_by"])


def _with_authors(fetch: Fetch, hits: list[SearchHit]) -> list[SearchHit]:
    if not hits:
        return hits
    ids = {f"i{n}": h.item_id for n, h in enumerate(hits)}
    marks = ", ".join(f":{k}" for k in ids)
    rows = fetch(f"SELECT id, author FROM beads WHERE id IN ({marks}) UNION ALL "
                 f"SELECT id, author FROM bead_candidates WHERE id IN ({marks})", ids)
    authors = {r["id"]: r["author"] for r in rows}
    return [replace(h, author=authors.get(h.item_id) or "team") for h in hits]
