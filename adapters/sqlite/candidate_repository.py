from collections.abc import Sequence
from datetime import datetime

from returns.maybe import Maybe, Nothing, Some
from sqlalchemy import Connection, bindparam, delete, insert, select, text, update

from abzu.adapters.sqlite.fts import neighbour_plan, plan_params, plan_search, ranked_matches
from abzu.adapters.sqlite.rows import candidate_to_row, row_to_candidate
from abzu.adapters.sqlite.schema import bead_candidates
from abzu.adapters.sqlite.search_sql import scope_filter
from abzu.adapters.sqlite.timestamps import from_db_required
from abzu.application.ports import CandidateRepository
from abzu.domain.bead import Candidate
from abzu.domain.category import Category
from abzu.domain.dedup import Existing
from abzu.domain.ranking import SearchHit, Source
from abzu.domain.scope import Scope

_SEARCH = """
SELECT c.id, c.category, c.project, c.content, c.summary, c.created_at, f.strength
FROM {matches} f CROSS JOIN bead_candidates c ON c.rowid = f.rid
WHERE c.superseded_by IS NULL{scope}
ORDER BY f.strength DESC, f.rid DESC LIMIT :limit
"""

_NEIGHBOURS = """
SELECT c.id, c.content FROM {matches} f CROSS JOIN bead_candidates c ON c.rowid = f.rid
WHERE c.superseded_by IS NULL AND c.project IS :project
ORDER BY f.strength DESC, f.rid DESC LIMIT :limit
"""

_table = bead_candidates
_INSERT = insert(_table)
_UPDATE = update(_table).where(_table.c.id == bindparam("key"))


class SqliteCandidateRepository(CandidateRepository):
    def __init__(self, conn: Connection) -> None:
        self._conn = conn

    def get(self, candidate_id: str) -> Maybe[Candidate]:
        row = self._conn.execute(select(_table).where(_table.c.id == candidate_id))
        found = row.mappings().first()
        return Some(row_to_candidate(found)) if found else Nothing

    def add(self, candidate: Candidate) -> None:
        self._conn.execute(_INSERT, candidate_to_row(candidate))

    def update(self, candidate: Candidate) -> None:
        row = candidate_to_row(candidate)
        row["key"] = row.pop("id")  # the id is matched, never rewritten
        self._conn.execute(_UPDATE, row)

    def find_by_hash(self, content_hash: str, project: str | None) -> Maybe[Candidate]:
        query = select(_table).where(
            _table.c.content_hash == content_hash,
            _table.c.project.is_not_distinct_from(project),
        )
        found = self._conn.execute(query.limit(1)).mappings().first()
        return Some(row_to_candidate(found)) if found else Nothing

    def neighbours(
        self, terms: Sequence[str], project: str | None, limit: int, *, must_share: int = 1
    ) -> list[Existing]:
        plan = neighbour_plan(self._conn, "candidates_fts", terms, must_share)
        if plan is None:
            return []
        sql = text(_NEIGHBOURS.format(matches=ranked_matches("candidates_fts", plan)))
        rows = self._conn.execute(sql, {**plan_params(plan), "project": project, "limit": limit})
        return [Existing(r.id, r.content) for r in rows]

    def search(
        self, terms: Sequence[str], scope: Scope, *, limit: int, now: datetime
    ) -> list[SearchHit]:
        plan = plan_search(self._conn, "candidates_fts", terms)
        if plan is None:
            return []
        where, params = scope_filter("c", scope)
        sql = text(_SEARCH.format(scope=where, matches=ranked_matches("candidates_fts", plan)))
        rows = self._conn.execute(sql, {**plan_params(plan), "limit": limit, **params})
        return [
            SearchHit(
                r.id, Source.CANDIDATE, Category(r.category), r.project, r.content, r.summary,
                from_db_required(r.created_at), float(r.strength),
            )
            for r in rows
        ]

    def staged(self, project: str | None = None, *, limit: int | None = None) -> list[Candidate]:
        query = select(_table).where(_table.c.superseded_by.is_(None))
        if project is not None:
            query = query.where(_table.c.project == project)
        query = query.order_by(_table.c.created_at, _table.c.id).limit(limit)
        return [row_to_candidate(r) for r in self._conn.execute(query).mappings()]

    def superseded_by(self, candidate_id: str) -> list[Candidate]:
        query = select(_table).where(_table.c.superseded_by == candidate_id)
        return [row_to_candidate(r) for r in self._conn.execute(query).mappings()]

    def delete(self, candidate_id: str) -> None:
        self._conn.execute(delete(_table).where(_table.c.id == candidate_id))
