import json
from collections.abc import Sequence

from abzu.adapters.sqlite.db import Db
from abzu.adapters.sqlite.rows import candidate_to_row, row_to_candidate
from abzu.application.review.ports import CandidateArchive
from abzu.domain.bead import Candidate


class SqliteCandidateArchive(CandidateArchive):
    def __init__(self, db: Db) -> None:
        self._db = db

    def keep(self, review_id: str, candidates: Sequence[Candidate]) -> None:
        rows = [
            {"review_id": review_id, "candidate_id": c.id,
             "payload": json.dumps(candidate_to_row(c), ensure_ascii=False)}
            for c in candidates
        ]
        self._db.executemany(
            "INSERT OR IGNORE INTO review_archive (review_id, candidate_id, payload) "
            "VALUES (:review_id, :candidate_id, :payload)", rows,
        )

    def taken_by(self, review_id: str) -> list[Candidate]:
        rows = self._db.fetch("SELECT payload FROM review_archive WHERE review_id = :id", {"id": review_id})
        return [row_to_candidate(json.loads(r["payload"])) for r in rows]
