"""What both stores' tables (adapters/sqlite/fts_table.py, adapters/postgres/table.py) do with the
same SQL: a table, its columns and row mapper; rows by id, inserts, supersede."""

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Generic, Protocol, TypeVar

from abzu.adapters.sqlite.columns import insert_sql, select_sql
from abzu.domain.decay import DecayPolicy

Params = Mapping[str, Any]


class Queries(Protocol):
    def execute(self, sql: str, params: Params | None = None) -> int: ...
    def executemany(self, sql: str, rows: Sequence[Params]) -> int: ...
    def fetch(self, sql: str, params: Params | None = None) -> Sequence[Mapping[str, Any]]: ...


class Indexed(Protocol):
    @property
    def table(self) -> str: ...


T = TypeVar("T")
DbT = TypeVar("DbT", bound=Queries)
IndexT = TypeVar("IndexT", bound=Indexed)


class RowTable(Generic[T, DbT, IndexT]):
    def __init__(
        self, db: DbT, columns: tuple[str, ...], index: IndexT,
        to_row: Callable[[T], dict[str, Any]], from_row: Callable[[Mapping[str, Any]], T],
        decay: DecayPolicy | None = None,
    ) -> None:
        self._db, self._columns, self._index = db, columns, index
        self._to_row, self._from_row = to_row, from_row
        self._decay = decay or DecayPolicy()

    def select(self, where: str, params: Params, tail: str = "") -> list[T]:
        """Whole rows of this table matching `where` (SQL over named parameters), mapped."""
        sql = f"{select_sql(self._index.table, self._columns)} WHERE {where}{tail}"
        return [self._from_row(r) for r in self._db.fetch(sql, params)]

    def get(self, item_id: str) -> T | None:
        return first(self.select("id = :id", {"id": item_id}))

    def add(self, item: T) -> None:
        self._db.execute(insert_sql(self._index.table, self._columns), self._to_row(item))

    def add_many(self, items: Sequence[T]) -> None:
        self._db.executemany(insert_sql(self._index.table, self._columns), [self._to_row(i) for i in items])

    def supersede(self, item_id: str, by: str) -> bool:
        # One column, not `update`'s every column: SQLite's FTS trigger fires on an UPDATE OF the
        # indexed columns even when their values are unchanged, and would rebuild the FTS row.
        sql = f"UPDATE {self._index.table} SET superseded_by = :by WHERE id = :id AND superseded_by IS NULL"
        return self._db.execute(sql, {"id": item_id, "by": by}) == 1


def first(found: list[T]) -> T | None:
    return found[0] if found else None
