"""The team store's bead and candidate repositories: the ports of the local ones, on `PgTable`."""

from collections.abc import Sequence
from datetime import datetime

from abzu.adapters.postgres.db import PgDb
from abzu.adapters.postgres.rows import bead_to_row, candidate_to_row, row_to_bead, row_to_candidate
from abzu.adapters.postgres.search import BEADS, CANDIDATES
from abzu.adapters.postgres.table import PgTable
from abzu.adapters.sqlite.columns import BEADS as BEAD_COLUMNS
from abzu.adapters.sqlite.columns import CANDIDATES as CANDIDATE_COLUMNS
from abzu.adapters.table_repository import StagingQueue
from abzu.application.ports import BeadRepository, CandidateRepository
from abzu.domain.bead import Bead, Candidate
from abzu.domain.category import Category
from abzu.domain.decay import DecayPolicy

_OLDER_VERSIONS = (
    "WITH RECURSIVE older(id) AS (SELECT id FROM beads WHERE superseded_by = :id "
    "UNION SELECT b.id FROM beads b JOIN older o ON b.superseded_by = o.id) SELECT id FROM older"
)


class PgBeadRepository(PgTable[Bead], BeadRepository):
    def __init__(self, db: PgDb, decay: DecayPolicy) -> None:
        super().__init__(db, BEAD_COLUMNS, BEADS, bead_to_row, row_to_bead, decay)

    def mark_recalled(self, bead_ids: Sequence[str], at: datetime) -> None:
        if bead_ids:
            self._db.execute("UPDATE beads SET last_accessed = :at WHERE id = ANY(:ids)",
                             {"at": at, "ids": list(bead_ids)})

    def apply_decay(self, now: datetime) -> int:
        """The domain's DecayPolicy row by row (one place for the rule), changed weights written."""
        rows = self._db.fetch("SELECT id, category, starred, last_accessed, created_at, weight FROM beads")
        changed = []
        for r in rows:
            weight = self._decay.idle_weight(Category(r["category"]), starred=r["starred"],
                                             idle_since=r["last_accessed"] or r["created_at"], now=now)
            if weight != r["weight"]:
                changed.append({"id": r["id"], "weight": weight})
        self._db.executemany("UPDATE beads SET weight = :weight WHERE id = :id", changed)
        return len(changed)

    def delete_flagged(self) -> list[str]:
        doomed = [r["id"] for r in self._db.fetch("SELECT id FROM beads WHERE gemini_flagged ORDER BY rid")]
        if doomed:
            self._db.execute("UPDATE beads SET superseded_by = NULL WHERE superseded_by = ANY(:ids)",
                             {"ids": doomed})
            self._db.execute("DELETE FROM beads WHERE id = ANY(:ids)", {"ids": doomed})
        return doomed

    def forget(self, bead_id: str) -> list[str]:
        older = [row["id"] for row in self._db.fetch(_OLDER_VERSIONS, {"id": bead_id})]
        self._db.execute("DELETE FROM beads WHERE id = ANY(:ids)", {"ids": [bead_id, *older]})
        return older

    def unreviewed(self, project: str | None = None, *, limit: int | None = None) -> list[Bead]:
        where = "vouched_by = 'agent' AND superseded_by IS NULL AND NOT gemini_flagged"
        where += "" if project is None else " AND project = :project"
        tail = " ORDER BY created_at, id" + ("" if limit is None else " LIMIT :limit")
        return self.select(where, {"project": project, "limit": limit}, tail)

    def created_since(self, moment: datetime) -> list[Bead]:
        return self.select("created_at > :moment", {"moment": moment}, " ORDER BY created_at")


class PgCandidateRepository(PgTable[Candidate], StagingQueue, CandidateRepository):
    def __init__(self, db: PgDb) -> None:
        super().__init__(db, CANDIDATE_COLUMNS, CANDIDATES, candidate_to_row, row_to_candidate)

    def superseded_by(self, candidate_id: str) -> list[Candidate]:
        return self.select("superseded_by = :id", {"id": candidate_id}, " ORDER BY rid")

    def delete(self, candidate_id: str) -> None:
        self._db.execute("DELETE FROM bead_candidates WHERE id = :id", {"id": candidate_id})

