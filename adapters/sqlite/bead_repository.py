from collections.abc import Sequence
from datetime import datetime

from returns.maybe import Maybe, Nothing, Some
from sqlalchemy import Connection, bindparam, delete, insert, select, text, update

from abzu.adapters.sqlite.fts import neighbour_plan, plan_params, plan_search, ranked_matches
from abzu.adapters.sqlite.fts_query import match_any
from abzu.adapters.sqlite.rows import bead_to_row, row_to_bead
from abzu.adapters.sqlite.schema import beads
from abzu.adapters.sqlite.search_sql import live_weight, scope_filter
from abzu.adapters.sqlite.timestamps import from_db, from_db_required, to_db
from abzu.application.ports import BeadRepository
from abzu.domain.bead import Bead
from abzu.domain.category import Category
from abzu.domain.decay import DecayPolicy
from abzu.domain.dedup import Existing
from abzu.domain.ranking import SearchHit, Source
from abzu.domain.scope import Scope

_SEARCH = """
SELECT b.id, b.category, b.project, b.content, b.summary, b.created_at, b.last_accessed,
       f.strength, {weight} AS live_weight
FROM {matches} f CROSS JOIN beads b ON b.rowid = f.rid
WHERE b.superseded_by IS NULL AND b.gemini_flagged = 0{scope}
ORDER BY f.strength DESC, f.rid DESC LIMIT :limit
"""

_NEIGHBOURS = """
SELECT b.id, b.content FROM {matches} f CROSS JOIN beads b ON b.rowid = f.rid
WHERE b.superseded_by IS NULL AND b.project IS :project
ORDER BY f.strength DESC, f.rid DESC LIMIT :limit
"""

# Statements built once, values bound per call: SQLAlchemy compiles them once and caches them.
_INSERT = insert(beads)
_UPDATE = update(beads).where(beads.c.id == bindparam("key"))


_RELATED = """
SELECT b.* FROM beads_fts JOIN beads b ON b.rowid = beads_fts.rowid
WHERE beads_fts MATCH :match AND b.superseded_by IS NULL AND b.gemini_flagged = 0{project}
ORDER BY bm25(beads_fts) LIMIT :limit
"""


class SqliteBeadRepository(BeadRepository):
    def __init__(self, conn: Connection, decay: DecayPolicy) -> None:
        self._conn, self._decay = conn, decay

    def get(self, bead_id: str) -> Maybe[Bead]:
        row = self._conn.execute(select(beads).where(beads.c.id == bead_id)).mappings().first()
        return Some(row_to_bead(row)) if row else Nothing

    def add(self, bead: Bead) -> None:
        self._conn.execute(_INSERT, bead_to_row(bead))

    def update(self, bead: Bead) -> None:
        row = bead_to_row(bead)
        row["key"] = row.pop("id")  # the id is matched, never rewritten
        self._conn.execute(_UPDATE, row)

    def find_by_hash(self, content_hash: str, project: str | None) -> Maybe[Bead]:
        query = select(beads).where(
            beads.c.content_hash == content_hash, beads.c.project.is_not_distinct_from(project)
        )
        row = self._conn.execute(query.limit(1)).mappings().first()
        return Some(row_to_bead(row)) if row else Nothing

    def neighbours(
        self, terms: Sequence[str], project: str | None, limit: int, *, must_share: int = 1
    ) -> list[Existing]:
        plan = neighbour_plan(self._conn, "beads_fts", terms, must_share)
        if plan is None:
            return []
        sql = text(_NEIGHBOURS.format(matches=ranked_matches("beads_fts", plan)))
        rows = self._conn.execute(sql, {**plan_params(plan), "project": project, "limit": limit})
        return [Existing(r.id, r.content) for r in rows]

    def search(
        self, terms: Sequence[str], scope: Scope, *, limit: int, now: datetime
    ) -> list[SearchHit]:
        plan = plan_search(self._conn, "beads_fts", terms)
        if plan is None:
            return []
        where, params = scope_filter("b", scope)
        weight, weight_params = live_weight("b", self._decay, now)
        sql = text(_SEARCH.format(weight=weight, scope=where, matches=ranked_matches("beads_fts", plan)))
        rows = self._conn.execute(sql, {**plan_params(plan), "limit": limit, **params, **weight_params})
        return [
            SearchHit(
                r.id, Source.BEAD, Category(r.category), r.project, r.content, r.summary,
                from_db_required(r.created_at), float(r.strength), float(r.live_weight),
                from_db(r.last_accessed),
            )
            for r in rows
        ]

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

    def forget(self, bead_id: str) -> None:
        # Release the beads it superseded first (foreign key); the FTS row goes with the trigger.
        self._conn.execute(update(beads).where(beads.c.superseded_by == bead_id).values(superseded_by=None))
        self._conn.execute(delete(beads).where(beads.c.id == bead_id))

    def created_since(self, moment: datetime) -> list[Bead]:
        query = select(beads).where(beads.c.created_at > to_db(moment)).order_by(beads.c.created_at)
        return [row_to_bead(r) for r in self._conn.execute(query).mappings()]

    def related(self, terms: Sequence[str], project: str | None, limit: int) -> list[Bead]:
        match = match_any(terms)
        if match is None:
            return []
        where = "" if project is None else " AND b.project = :project"
        rows = self._conn.execute(
            text(_RELATED.format(project=where)), {"match": match, "project": project, "limit": limit}
        )
        return [row_to_bead(r) for r in rows.mappings()]
