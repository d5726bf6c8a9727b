
from sqlalchemy import Connection, delete, select

from abzu.adapters.sqlite.fts_table import FtsRepository, FtsTable
from abzu.adapters.sqlite.rows import candidate_to_row, row_to_candidate
from abzu.adapters.sqlite.schema import bead_candidates
from abzu.adapters.sqlite.search import CANDIDATES
from abzu.application.ports import CandidateRepository
from abzu.domain.bead import Candidate

_table = bead_candidates


class SqliteCandidateRepository(FtsRepository[Candidate], CandidateRepository):
    """Rows, search and duplicates through the shared `FtsTable`; staging queries are its own."""

    def __init__(self, conn: Connection) -> None:
        self._conn = conn
        self._rows = FtsTable(conn, _table, CANDIDATES, candidate_to_row, row_to_candidate)

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
