"""The team store's bead and candidate repositories: the ports of the local ones, on `PgTable`."""

from collections.abc import Sequence
from datetime import datetime
from typing import Generic, TypeVar

from abzu.adapters.postgres.db import PgDb
from abzu.adapters.postgres.rows import BEADS as BEAD_COLUMNS
from abzu.adapters.postgres.rows import CANDIDATES as CANDIDATE_COLUMNS
from abzu.adapters.postgres.rows import bead_to_row, candidate_to_row, row_to_bead, row_to_candidate
from abzu.adapters.postgres.search import BEADS, CANDIDATES
from abzu.adapters.postgres.table import PgTable
from abzu.application.ports import BeadRepository, CandidateRepository
from abzu.domain.bead import Bead, Candidate
from abzu.domain.category import Category
from abzu.domain.decay import DecayPolicy
from abzu.domain.dedup import Existing
from abzu.domain.ranking import SearchHit
from abzu.domain.scope import Scope
from abzu.domain.term_weights import TermCounts

_OLDER_VERSIONS = (
    "WITH RECURSIVE older(id) AS (SELECT id FROM beads WHERE superseded_by = :id "
    "UNION SELECT b.id FROM beads b JOIN older o ON b.superseded_by = o.id) SELECT id FROM older"
)


T = TypeVar("T")


class _Rows(Generic[T]):
    """What both repositories expose of their `PgTable`."""

    _rows: PgTable[T]

    def get(self, item_id: str) -> T | None:
        return self._rows.get(item_id)

    def add(self, item: T) -> None:
        self._rows.add(item)

    def add_many(self, items: Sequence[T]) -> None:
        self._rows.add_many(items)

    def update(self, item: T) -> None:
        self._rows.update(item)

    def supersede(self, item_id: str, by: str) -> bool:
        return self._rows.supersede(item_id, by)

    def find_by_hash(self, content_hash: str, project: str | None) -> T | None:
        return self._rows.find_by_hash(content_hash, project)

    def ids_by_hash(self, hashes: Sequence[str], project: str | None) -> dict[str, str]:
        return self._rows.ids_by_hash(hashes, project)

    def any_live(self, project: str | None) -> bool:
        return self._rows.any_live(project)

    def settle_index(self) -> None:
        """Nothing to do: the GIN index's pending list is PostgreSQL's (autovacuum) to merge."""

    def holders(self, words: Sequence[str], most: int) -> dict[str, tuple[int, ...] | None]:
        return self._rows.holders(words, most)

    def live_by_key(self, keys: Sequence[int], project: str | None) -> dict[int, Existing]:
        return self._rows.live_by_key(keys, project)

    def neighbours(
        self, terms: Sequence[str], project: str | None, limit: int, *, must_share: int = 1
    ) -> list[Existing]:
        return self._rows.neighbours(terms, project, limit, must_share)

    def term_counts(self, terms: Sequence[str]) -> TermCounts:
        return self._rows.term_counts(terms)

    def search(
        self, terms: Sequence[str], scope: Scope, *, limit: int, now: datetime,
        counts: TermCounts | None = None, weights: Sequence[float] | None = None,
    ) -> list[SearchHit]:
        return self._rows.search(terms, scope, limit=limit, now=now, counts=counts, weights=weights)


class PgBeadRepository(_Rows[Bead], BeadRepository):
    def __init__(self, db: PgDb, decay: DecayPolicy) -> None:
        self._db, self._decay = db, decay
        self._rows = PgTable(db, BEAD_COLUMNS, BEADS, bead_to_row, row_to_bead, decay)

    def related(self, terms: Sequence[str], project: str | None, limit: int) -> list[Bead]:
        return self._rows.related(terms, project, limit)

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
        return self._rows.select(where, {"project": project, "limit": limit}, tail)

    def created_since(self, moment: datetime) -> list[Bead]:
        return self._rows.select("created_at > :moment", {"moment": moment}, " ORDER BY created_at")


class PgCandidateRepository(_Rows[Candidate], CandidateRepository):
    def __init__(self, db: PgDb) -> None:
        self._db = db
        self._rows = PgTable(db, CANDIDATE_COLUMNS, CANDIDATES, candidate_to_row, row_to_candidate)

    def staged(self, project: str | None = None, *, limit: int | None = None) -> list[Candidate]:
        where = "superseded_by IS NULL" + ("" if project is None else " AND project = :project")
        tail = " ORDER BY created_at, id" + ("" if limit is None else " LIMIT :limit")
        return self._rows.select(where, {"project": project, "limit": limit}, tail)

    def superseded_by(self, candidate_id: str) -> list[Candidate]:
        return self._rows.select("superseded_by = :id", {"id": candidate_id}, " ORDER BY rid")

    def delete(self, candidate_id: str) -> None:
        self._db.execute("DELETE FROM bead_candidates WHERE id = :id", {"id": candidate_id})

