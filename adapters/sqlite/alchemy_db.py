"""`Db` over a SQLAlchemy `Connection`: the container's driver (review, scrub, doctor...).

The repositories' SQL is plain text; each string becomes one `text()` clause, built once and
cached, so SQLAlchemy compiles it once and binds values per call.
"""

import sqlite3
from collections.abc import Sequence
from functools import lru_cache
from typing import Any, cast

from sqlalchemy import Connection, Engine, TextClause, text

from abzu.adapters.sqlite.db import Params, Row, StoreConnection
from abzu.adapters.sqlite.engine import READ_ONLY


class AlchemyDb:
    def __init__(self, conn: Connection) -> None:
        self.conn = conn

    def execute(self, sql: str, params: Params | None = None) -> int:
        return int(self.conn.execute(_text(sql), dict(params or {})).rowcount)

    def executemany(self, sql: str, rows: Sequence[Params]) -> int:
        if not rows:
            return 0
        return int(self.conn.execute(_text(sql), [dict(r) for r in rows]).rowcount)

    def fetch(self, sql: str, params: Params | None = None) -> Sequence[Row]:
        rows = self.conn.execute(_text(sql), dict(params or {})).mappings().all()
        return cast(Sequence[Row], rows)  # a RowMapping is a Mapping keyed by column name

    def scalar(self, sql: str, params: Params | None = None) -> Any:
        return self.conn.execute(_text(sql), dict(params or {})).scalar()

    def begin(self, *, read_only: bool) -> None:
        # The engine's "begin" listener issues `db.begin_statement` (engine.py).
        if read_only:
            self.conn.execution_options(**{READ_ONLY: True})
        self.conn.begin()

    def commit(self) -> None:
        self.conn.commit()

    def rollback(self) -> None:
        if self.conn.in_transaction():
            self.conn.rollback()

    def close(self) -> None:
        self.conn.close()

    def pragma(self, statement: str) -> Any:
        driver = self.conn.connection.driver_connection
        assert isinstance(driver, sqlite3.Connection)
        row = driver.execute(f"PRAGMA {statement}").fetchone()
        return None if row is None else row[0]


class EngineSource:
    """An engine as a unit of work's `DbSource`: a pooled connection per unit."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def open_connection(self) -> StoreConnection:
        return AlchemyDb(self.engine.connect())


@lru_cache(maxsize=512)
def _text(sql: str) -> TextClause:
    return text(sql)
