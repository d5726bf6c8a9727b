"""SQLite engines: WAL, busy timeout, foreign keys, and `BEGIN IMMEDIATE` for every transaction."""

import sqlite3
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import Connection

from abzu.adapters.sqlite import connect
from abzu.adapters.sqlite.connect import BUSY_TIMEOUT_MS, StorageError, is_read_only_home
from abzu.adapters.sqlite.db import begin_statement

__all__ = ["BUSY_TIMEOUT_MS", "READ_ONLY", "StorageError", "is_read_only_home", "open_engine", "probe_fts5"]


def open_engine(path: Path, *, synchronous: str = "NORMAL") -> Engine:
    """An engine whose transactions take the write lock up front (`db.begin_statement`)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StorageError(f"cannot create the data folder {path.parent}: {exc.strerror}") from exc
    read_only = is_read_only_home(path)
    url = f"sqlite:///file:{path}?immutable=1&uri=true" if read_only else f"sqlite:///{path}"
    engine = create_engine(
        url, connect_args={"check_same_thread": False, "timeout": BUSY_TIMEOUT_MS / 1000}
    )
    event.listen(engine, "connect", _pragmas(synchronous, read_only=read_only))
    event.listen(engine, "begin", _begin)
    return engine


def _pragmas(synchronous: str, *, read_only: bool) -> Any:
    def on_connect(dbapi_conn: sqlite3.Connection, _record: object) -> None:
        connect.prepare(dbapi_conn, synchronous, read_only=read_only)

    return on_connect


READ_ONLY = "abzu_read_only"


def _begin(conn: Connection) -> None:
    conn.exec_driver_sql(begin_statement(conn.get_execution_options().get(READ_ONLY, False)))


def probe_fts5(engine: Engine) -> None:
    """Fail early, in words, when this SQLite build lacks FTS5 (recall cannot work without it)."""
    with engine.connect() as conn:
        raw = conn.connection.driver_connection
        assert isinstance(raw, sqlite3.Connection)
        connect.probe_fts5(raw)
