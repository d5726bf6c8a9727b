"""The read side of injections on the standard library's sqlite3 (no SQLAlchemy import).

Hooks run under Claude Code's clock: importing SQLAlchemy alone costs ~0.25 s, so the
session-start path reads the stores with plain sqlite3 connections in autocommit mode. Every
SELECT is its own WAL snapshot: no write lock is taken and a writer never blocks it. A store
that is missing or not migrated yet reads as empty.
"""

import os
import sqlite3
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any, cast

from abzu.adapters.lazy_log import abzu_log
from abzu.adapters.project_root_name import name_for_root
from abzu.adapters.sqlite.context_sql import (
    DELTA_COUNTS,
    DELTA_RECENT,
    DELTA_STAGING,
    LAST_FINAL,
    LAST_PENDING_SNAPSHOT,
    NOTABLE,
    SESSION_SUMMARIES,
)
from abzu.adapters.sqlite.fts import Fetch, Row
from abzu.adapters.sqlite.loop_rows import OPEN_OF_PROJECT, row_to_loop
from abzu.adapters.sqlite.search import BEADS, CANDIDATES, search, term_counts
from abzu.adapters.sqlite.search_sql import live_weight
from abzu.adapters.sqlite.summary_rows import row_to_summary
from abzu.adapters.sqlite.timestamps import from_db, from_db_required
from abzu.adapters.workspace import remote_identity
from abzu.application.sessions.hook_ports import SessionContext
from abzu.domain.category import Category
from abzu.domain.decay import DecayPolicy
from abzu.domain.ranking import SearchHit, Source
from abzu.domain.scope import Scope, ScopeKind
from abzu.domain.sessions.delta import MemoryDelta
from abzu.domain.sessions.summary import SessionSummary
from abzu.domain.term_weights import shared_weights

if TYPE_CHECKING:
    from abzu.application.team.ports import TeamRecall
    from abzu.domain.sessions.delta_event import DeltaEvent
    from abzu.domain.sessions.open_loop import ShownLoops


class Sqlite3SessionContext(SessionContext):
    """`team`: the team's memories (issue 32), searched beside the local ones (team_cache/context.py)."""

    def __init__(
        self, wisdom: str | os.PathLike[str], staging: str | os.PathLike[str], decay: DecayPolicy,
        *, busy_ms: int = 500, team: "TeamRecall | None" = None,
    ) -> None:
        """`wisdom`, `staging`: the stores' files, as strings from the hooks (no pathlib)."""
        self._paths, self._team = {"wisdom": wisdom, "staging": staging}, team
        self._decay, self._busy_ms = decay, busy_ms
        self._conns: dict[str, sqlite3.Connection | None] = {}

    def project_for_root(self, root: str) -> str | None:
        """By the root, else by the repository's remote (another clone, another machine: issue 29)."""
        return name_for_root(self._first, root, remote_identity)

    def _first(self, sql: str, params: Mapping[str, Any]) -> object:
        rows = self._rows("wisdom", sql, dict(params))
        return rows[0][0] if rows else None

    def last_session(self, project: str, *, excluding: str) -> SessionSummary | None:
        params = {"project": project, "excluding": excluding}
        found = [row_to_summary(r) for q in (LAST_FINAL, LAST_PENDING_SNAPSHOT)
                 for r in self._rows("staging", q, params)]
        return max(found, key=_created) if found else None

    def session_summaries(self, session_id: str) -> list[SessionSummary]:
        rows = self._rows("staging", SESSION_SUMMARIES, {"session_id": session_id})
        return [row_to_summary(r) for r in rows]

    def session_ended(self, session_id: str) -> bool:
        rows = self._rows("staging", "SELECT 1 FROM sessions WHERE session_id = :session_id AND "
                                     "(ended_at IS NOT NULL OR finalized_at IS NOT NULL)",
                          {"session_id": session_id})
        return bool(rows)

    def search(
        self, terms: Sequence[str], project: str | None, *, limit: int, now: datetime
    ) -> list[SearchHit]:
        """The same search as recall's (adapters/sqlite/search.py), on plain sqlite3: every
        store's counts first (the team's copy too, when one is read), so that the terms weigh the
        same in each (domain/term_weights.py); a team copy of a local memory is left out."""
        scope, found = Scope(ScopeKind.PROJECT, project), []
        stores = [(self._fetcher("wisdom"), BEADS), (self._fetcher("staging"), CANDIDATES)]
        counts = [term_counts(fetch, index, terms) for fetch, index in stores]
        team = None if self._team is None else self._team.term_counts(terms)
        weights = shared_weights([*counts, *(team.tables if team is not None else ())])
        for (fetch, index), held in zip(stores, counts, strict=True):
            found += search(fetch, index, terms, scope, limit=limit, now=now, decay=self._decay,
                            counts=held, weights=weights)
        if self._team is not None:
            local = {h.item_id for h in found}
            found += [h for h in self._team.search(terms, scope, limit=limit, now=now, counts=team,
                                                   weights=weights) if h.item_id not in local]
        return found

    def notable(self, project: str, *, limit: int, now: datetime) -> list[SearchHit]:
        weight, params = live_weight("b", self._decay, now)
        rows = self._rows("wisdom", NOTABLE.format(weight=weight),
                          {"project": project, "limit": limit, **params})
        return [_hit(r, Source.BEAD) for r in rows]

    def memory_delta(self, project: str, *, excluding: str) -> MemoryDelta | None:
        found = self._rows("staging", DELTA_STAGING, {"project": project, "excluding": excluding})
        if not found or found[0]["since"] is None:
            return None
        state = found[0]
        params = {"project": project, "since": state["since"]}
        counts: dict[str, int] = {}
        for store, table in (("wisdom", "beads"), ("staging", "bead_candidates")):
            for row in self._rows(store, DELTA_COUNTS.format(table=table), params):
                counts[row["event"]] = counts.get(row["event"], 0) + int(row["n"])
        recent = _events(self._rows("wisdom", DELTA_RECENT, params))
        return MemoryDelta(counts, recent, int(state["staged_total"] or 0),
                           from_db(state["last_review"]), from_db(state["last_full_review"]))

    def open_loops(self, project: str, *, limit: int) -> "ShownLoops | None":
        rows = self._rows("staging", OPEN_OF_PROJECT, {"project": project, "limit": limit})
        if not rows:
            return None  # the classes are built only when a loop is open (open_loop.py)
        from abzu.domain.sessions.open_loop import ShownLoops

        return ShownLoops(tuple(map(row_to_loop, rows)), int(rows[0]["total"]))

    def close(self) -> None:
        for conn in self._conns.values():
            if conn is not None:
                conn.close()
        self._conns = {}

    def _fetcher(self, store: str) -> Fetch:
        def fetch(sql: str, params: Mapping[str, Any]) -> Sequence[Row]:
            return cast(Sequence[Row], self._rows(store, sql, dict(params)))

        return fetch

    def _rows(self, store: str, sql: str, params: dict[str, Any]) -> list[sqlite3.Row]:
        conn = self.connection(store)
        if conn is None:
            return []
        try:
            return conn.execute(sql, params).fetchall()
        except sqlite3.Error as exc:  # not migrated yet, locked beyond the timeout, damaged
            abzu_log().warning("session context: %s read skipped: %s", store, exc)
            return []

    def connection(self, store: str) -> sqlite3.Connection | None:
        """The store's read-only connection (None when the file does not exist), also for another
        reader of the same start (the persona's profile lines): one connection a store."""
        if store not in self._conns:
            path = self._paths[store]
            conn = None
            if os.path.isfile(path):  # connecting would create an empty database
                conn = sqlite3.connect(path, timeout=self._busy_ms / 1000, isolation_level=None)
                conn.row_factory = sqlite3.Row
                conn.execute("PRAGMA query_only = 1")
            self._conns[store] = conn
        return self._conns[store]


def _created(summary: SessionSummary) -> datetime:
    return summary.created_at


def _hit(row: sqlite3.Row, source: Source) -> SearchHit:
    keys = row.keys()
    return SearchHit(
        row["id"], source, Category(row["category"]), row["project"], row["content"],
        row["summary"], from_db_required(row["created_at"]), float(row["strength"]),
        float(row["live_weight"]) if "live_weight" in keys else 1.0,
        from_db(row["last_accessed"]) if "last_accessed" in keys else None,
        vouched_by=row["vouched_by"] if "vouched_by" in keys else None,
    )


def _events(rows: list[sqlite3.Row]) -> "tuple[DeltaEvent, ...]":
    """The delta header's bullets; the class is imported only when there is one to build."""
    if not rows:
        return ()
    from abzu.domain.sessions.delta_event import DeltaEvent

    return tuple(DeltaEvent(r["item_id"], r["event"], r["detail"]) for r in rows)
