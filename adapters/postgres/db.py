"""`PgDb`: the few calls the team repositories make on one SQLAlchemy connection (psycopg 3).

Plain SQL with `:name` parameters through `text()`, built once per statement text; rows are read
by column name. Never commits: the unit of work owns the transaction.
"""

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any, cast

from sqlalchemy import Connection, TextClause, text

Row = Mapping[str, Any]
Params = Mapping[str, Any]


class PgDb:
    def __init__(self, conn: Connection) -> None:
        self._conn = conn

    def fetch(self, sql: str, params: Params | None = None) -> Sequence[Row]:
        rows = self._conn.execute(_text(sql), dict(params or {})).mappings().all()
        return cast(Sequence[Row], rows)  # a RowMapping is a Mapping keyed by column name

    def execute(self, sql: str, params: Params | None = None) -> int:
        return self._conn.execute(_text(sql), dict(params or {})).rowcount

    def executemany(self, sql: str, rows: Sequence[Params]) -> int:
        if not rows:
            return 0
        return self._conn.execute(_text(sql), [dict(r) for r in rows]).rowcount

    def scalar(self, sql: str, params: Params | None = None) -> Any:
        return self._conn.execute(_text(sql), dict(params or {})).scalar()


@lru_cache(maxsize=512)
def _text(sql: str) -> TextClause:
    return text(sql)


def no_nul(value: str) -> str:
    """PostgreSQL text cannot hold NUL; SQLite can (a stored NUL is never meaningful)."""
    return value.replace("\x00", "")
