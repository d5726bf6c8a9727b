from collections.abc import Sequence
from datetime import datetime

from returns.maybe import Maybe, Nothing, Some
from sqlalchemy import Connection, delete, insert, select, text, update

from abzu.adapters.sqlite.fts import match_any, match_at_least
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
SELECT c.id, c.category, c.project, c.content, c.summary, c.created_at,
       -bm25(candidates_fts) AS strength
FROM candidates_fts JOIN bead_candidates c ON c.rowid = candidates_fts.rowid
WHERE candidates_fts MATCH :match AND c.superseded_by IS NULL{scope}
ORDER BY bm25(candidates_fts) LIMIT :limit
"""

_NEIGHBOURS = """
SELECT c.id, c.content FROM candidates_fts
JOIN bead_candidates c ON c.rowid = candidates_fts.rowid
WHERE candidates_fts MATCH :match AND c.superseded_by IS NULL AND c.project IS :project
ORDER BY bm25(candidates_fts) LIMIT :limit
"""

_table = bead_candidates


class SqliteCandidateRepository(CandidateRepository):
    def __init__(self, conn: Connection) -> None:
        self._conn = conn

    def get(self, candidate_id: str) -> Maybe[Candidate]:
        row = self._conn.execute(select(_table).where(_table.c.id == candidate_id))
        found = row.mappings().first()
        return Some(row_to_candidate(found)) if found else Nothing

    def add(self, candidate: Candidate) -> None:
        self._conn.execute(insert(_table).values(candidate_to_row(candidate)))

    def update(self, candidate: Candidate) -> None:
        row = candidate_to_row(candidate)
        row.pop("id")
        self._conn.execute(update(_table).where(_table.c.id == candidate.id).values(row))

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
        match = match_at_least(terms, must_share)
        if match is None:
            return []
        rows = self._conn.execute(
            text(_NEIGHBOURS), {"match": match, "project": project, "limit": limit}
        )
        return [Existing(r.id, r.content) for r in rows]

    def search(
        self, terms: Sequence[str], scope: Scope, *, limit: int, now: datetime
    ) -> list[SearchHit]:
        match = match_any(terms)
        if match is None:
            return []
        where, params = scope_filter("c", scope)
        rows = self._conn.execute(
            text(_SEARCH.format(scope=where)), {"match": match, "limit": limit, **params}
        )
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
