"""`Db` over a SQLAlchemy `Connection`: the container's driver (review, scrub, doctor...).

The repositories' SQL is plain text; each string becomes one `text()` clause, built once and
cached, so SQLAlchemy compiles it once and binds values per call.
"""

import sqlite3
from collections.abc import Sequence
from functools import lru_cache
from typing import Any, cast

from sqlalchemy import Connection, Engine, TextClause, text

from abzu.adapters.sqlite.db import Params, Row, StoreConnection, forget_writer, name_before_first_write
from abzu.adapters.sqlite.engine import GATE, READ_ONLY, leave_gate


class AlchemyDb:
    def __init__(self, conn: Connection) -> None:
        self.conn = conn

    @property
    def info(self) -> dict[str, Any]:
        # The pooled connection's own notes: several wrappers of one connection share them.
        return cast(dict[str, Any], self.conn.info)

    def execute(self, sql: str, params: Params | None = None) -> int:
        name_before_first_write(self, sql)
        return int(self.conn.execute(_text(sql), dict(params or {})).rowcount)

    def executemany(self, sql: str, rows: Sequence[Params]) -> int:
        if not rows:
            return 0
        name_before_first_write(self, sql)
        return int(self.conn.execute(_text(sql), [dict(r) for r in rows]).rowcount)

    def execute_plain(self, sql: str, params: Params) -> None:
        self._driver().execute(sql, params)

    def _driver(self) -> sqlite3.Connection:
        driver = self.conn.connection.driver_connection
        assert isinstance(driver, sqlite3.Connection)
        return driver

    def fetch(self, sql: str, params: Params | None = None) -> Sequence[Row]:
        rows = self.conn.execute(_text(sql), dict(params or {})).mappings().all()
        return cast(Sequence[Row], rows)  # a RowMapping is a Mapping keyed by column name

    def scalar(self, sql: str, params: Params | None = None) -> Any:
        return self.conn.execute(_text(sql), dict(params or {})).scalar()

    def begin(self, *, read_only: bool, try_gate: bool = False) -> None:
        # The engine's "begin" listener takes the write gate and issues the BEGIN (engine.py).
        if read_only:
            self.conn.execution_options(**{READ_ONLY: True})
        if try_gate:
            self.conn.execution_options(**{GATE: "try"})
        self.conn.begin()

    def commit(self) -> None:
        self.conn.commit()
        self._end()

    def rollback(self) -> None:
        if self.conn.in_transaction():
            self.conn.rollback()
        self._end()

    def close(self) -> None:
        self._end()
        self.conn.close()

    def _end(self) -> None:
        forget_writer(self.info)
        leave_gate(self.conn)

    def pragma(self, statement: str) -> Any:
        row = self._driver().execute(f"PRAGMA {statement}").fetchone()
        return None if row is None else row[0]


class EngineSource:
    """An engine as a unit of work's `DbSource`: a pooled connection per unit."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    @property
    def path(self) -> str | None:
        """The store's file (the recall stamp spool lives beside it); None in memory, and for a
        read-only home's immutable `file:` URI (nothing could apply stamps there)."""
        database = self.engine.url.database
        return None if not database or database.startswith("file:") else database

    def open_connection(self) -> StoreConnection:
        return AlchemyDb(self.engine.connect())


@lru_cache(maxsize=512)
def _text(sql: str) -> TextClause:
    return text(sql)
