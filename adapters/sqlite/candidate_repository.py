from abzu.adapters.sqlite.columns import CANDIDATES as COLUMNS
from abzu.adapters.sqlite.db import Db
from abzu.adapters.sqlite.fts_table import FtsTable
from abzu.adapters.sqlite.rows import candidate_to_row, row_to_candidate
from abzu.adapters.sqlite.search import CANDIDATES
from abzu.adapters.table_repository import StagingQueue
from abzu.application.ports import CandidateRepository
from abzu.domain.bead import Candidate


class SqliteCandidateRepository(FtsTable[Candidate], StagingQueue, CandidateRepository):
    """Rows, search and duplicates of the shared `FtsTable`; the staging queue is the team
    store's too (table_repository.py); the rest is its own."""

    def __init__(self, db: Db) -> None:
        super().__init__(db, COLUMNS, CANDIDATES, candidate_to_row, row_to_candidate)

    def superseded_by(self, candidate_id: str) -> list[Candidate]:
        return self.select("superseded_by = :id", {"id": candidate_id})

    def delete(self, candidate_id: str) -> None:
        self._db.execute("DELETE FROM bead_candidates WHERE id = :id", {"id": candidate_id})
