"""`FtsTable`: what the bead and candidate repositories share (a table, its FTS index and its
row mapper), written once; each repository delegates to one and adds what only it does."""

from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from functools import lru_cache
from typing import Any, Generic, TypeVar

from returns.maybe import Maybe, Nothing, Some
from sqlalchemy import Connection, Insert, Table, TextClause, Update, bindparam, insert, select, text, update

from abzu.adapters.sqlite import search
from abzu.adapters.sqlite.fts import Row
from abzu.adapters.sqlite.search import FtsIndex
from abzu.domain.decay import DecayPolicy
from abzu.domain.dedup import Existing
from abzu.domain.ranking import SearchHit
from abzu.domain.scope import Scope

T = TypeVar("T")


class FtsTable(Generic[T]):
    def __init__(
        self, conn: Connection, table: Table, index: FtsIndex,
        to_row: Callable[[T], dict[str, Any]], from_row: Callable[[Row], T],
        decay: DecayPolicy | None = None,
    ) -> None:
        self._conn, self._table, self._index = conn, table, index
        self._to_row, self._from_row = to_row, from_row
        self._decay = decay or DecayPolicy()

    def fetch(self, sql: str, params: Mapping[str, Any]) -> Sequence[Row]:
        """The search module's `Fetch` on this SQLAlchemy connection."""
        return self._conn.execute(_text(sql), dict(params)).mappings().all()

    def get(self, item_id: str) -> Maybe[T]:
        row = self._conn.execute(select(self._table).where(self._table.c.id == item_id))
        return self._maybe(row.mappings().first())

    def add(self, item: T) -> None:
        self._conn.execute(_insert(self._table), self._to_row(item))

    def update(self, item: T) -> None:
        row = self._to_row(item)
        row["key"] = row.pop("id")  # the id is matched, never rewritten
        self._conn.execute(_update(self._table), row)

    def find_by_hash(self, content_hash: str, project: str | None) -> Maybe[T]:
        columns = self._table.c
        query = select(self._table).where(
            columns.content_hash == content_hash, columns.project.is_not_distinct_from(project)
        )
        return self._maybe(self._conn.execute(query.limit(1)).mappings().first())

    def ids_by_hash(self, hashes: Sequence[str], project: str | None) -> dict[str, str]:
        """One query per 500 hashes; the first row by rowid, as `find_by_hash`'s LIMIT 1 finds."""
        columns, found = self._table.c, dict[str, str]()
        for start in range(0, len(hashes), 500):
            query = select(columns.content_hash, columns.id).where(
                columns.content_hash.in_(hashes[start:start + 500]),
                columns.project.is_not_distinct_from(project),
            ).order_by(text("rowid DESC"))
            found |= {h: i for h, i in self._conn.execute(query)}  # the lowest rowid wins
        return found

    def neighbours(
        self, terms: Sequence[str], project: str | None, limit: int, must_share: int
    ) -> list[Existing]:
        return search.neighbours(self.fetch, self._index, terms, project, limit, must_share)

    def search(self, terms: Sequence[str], scope: Scope, *, limit: int, now: datetime) -> list[SearchHit]:
        return search.search(self.fetch, self._index, terms, scope, limit=limit, now=now, decay=self._decay)

    def related(self, terms: Sequence[str], project: str | None, limit: int) -> list[T]:
        rows = search.related(self.fetch, self._index, terms, project, limit)
        return [self._from_row(r) for r in rows]

    def _maybe(self, row: Row | None) -> Maybe[T]:
        return Some(self._from_row(row)) if row is not None else Nothing


class FtsRepository(Generic[T]):
    """What both repositories expose of their `FtsTable` (rows, search, duplicates): written once."""

    _rows: FtsTable[T]

    def get(self, item_id: str) -> Maybe[T]:
        return self._rows.get(item_id)

    def add(self, item: T) -> None:
        self._rows.add(item)

    def update(self, item: T) -> None:
        self._rows.update(item)

    def find_by_hash(self, content_hash: str, project: str | None) -> Maybe[T]:
        return self._rows.find_by_hash(content_hash, project)

    def ids_by_hash(self, hashes: Sequence[str], project: str | None) -> dict[str, str]:
        return self._rows.ids_by_hash(hashes, project)

    def neighbours(
        self, terms: Sequence[str], project: str | None, limit: int, *, must_share: int = 1
    ) -> list[Existing]:
        return self._rows.neighbours(terms, project, limit, must_share)

    def search(self, terms: Sequence[str], scope: Scope, *, limit: int, now: datetime) -> list[SearchHit]:
        return self._rows.search(terms, scope, limit=limit, now=now)


# Statements built once, values bound per call: SQLAlchemy compiles each once and caches it.
@lru_cache(maxsize=256)
def _text(sql: str) -> TextClause:
    return text(sql)


@lru_cache(maxsize=8)
def _insert(table: Table) -> Insert:
    return insert(table)


@lru_cache(maxsize=8)
def _update(table: Table) -> Update:
    return update(table).where(table.c.id == bindparam("key"))
