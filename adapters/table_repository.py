"""The repository methods both stores share, delegated to their table: one copy for SQLite and
the team store (issue 32)."""

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any, Generic, Protocol, TypeVar

from abzu.domain.bead import Candidate
from abzu.domain.dedup import Existing
from abzu.domain.ranking import SearchHit
from abzu.domain.scope import Scope
from abzu.domain.term_weights import TermCounts

T = TypeVar("T")


class RowTable(Protocol[T]):
    """A store's table of beads or candidates (adapters/sqlite/fts_table.py, adapters/postgres/table.py)."""

    def select(self, where: str, params: Mapping[str, Any], tail: str = "") -> list[T]: ...
    def get(self, item_id: str) -> T | None: ...
    def add(self, item: T) -> None: ...
    def add_many(self, items: Sequence[T]) -> None: ...
    def update(self, item: T) -> None: ...
    def supersede(self, item_id: str, by: str) -> bool: ...
    def find_by_hash(self, content_hash: str, project: str | None) -> T | None: ...
    def ids_by_hash(self, hashes: Sequence[str], project: str | None) -> dict[str, str]: ...
    def any_live(self, project: str | None) -> bool: ...
    def settle_index(self) -> None: ...
    def holders(self, words: Sequence[str], most: int) -> dict[str, tuple[int, ...] | None]: ...
    def live_by_key(self, keys: Sequence[int], project: str | None) -> dict[int, Existing]: ...
    def neighbours(
        self, terms: Sequence[str], project: str | None, limit: int, must_share: int
    ) -> list[Existing]: ...
    def term_counts(self, terms: Sequence[str]) -> TermCounts: ...
    def search(
        self, terms: Sequence[str], scope: Scope, *, limit: int, now: datetime,
        counts: TermCounts | None = None, weights: Sequence[float] | None = None,
    ) -> list[SearchHit]: ...


class TableRepository(Generic[T]):
    """What a bead or candidate repository exposes of its table (rows, search, duplicates),
    written once for both stores: SQLite's `FtsTable` and the team store's `PgTable`."""

    _rows: "RowTable[T]"

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
        self._rows.settle_index()

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


class CandidateTableRepository(TableRepository[Candidate]):
    """The candidate repositories' share, with the staging queue: the same query on both stores."""

    def staged(self, project: str | None = None, *, limit: int | None = None) -> list[Candidate]:
        where = "superseded_by IS NULL" + ("" if project is None else " AND project = :project")
        tail = " ORDER BY created_at, id" + ("" if limit is None else " LIMIT :limit")
        return self._rows.select(where, {"project": project, "limit": limit}, tail)
