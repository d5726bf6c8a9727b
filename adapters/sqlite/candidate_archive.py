import json
from collections.abc import Sequence

from sqlalchemy import Connection, select
from sqlalchemy.dialects.sqlite import insert

from abzu.adapters.sqlite.rows import candidate_to_row, row_to_candidate
from abzu.adapters.sqlite.schema import review_archive
from abzu.application.review.ports import CandidateArchive
from abzu.domain.bead import Candidate


class SqliteCandidateArchive(CandidateArchive):
    def __init__(self, conn: Connection) -> None:
        self._conn = conn

    def keep(self, review_id: str, candidates: Sequence[Candidate]) -> None:
        rows = [
            {"review_id": review_id, "candidate_id": c.id,
             "payload": json.dumps(candidate_to_row(c), ensure_ascii=False)}
            for c in candidates
        ]
        if rows:
            self._conn.execute(insert(review_archive).values(rows).on_conflict_do_nothing())

    def taken_by(self, review_id: str) -> list[Candidate]:
        payloads = self._conn.execute(
            select(review_archive.c.payload).where(review_archive.c.review_id == review_id)
        ).scalars()
        return [row_to_candidate(json.loads(p)) for p in payloads]
