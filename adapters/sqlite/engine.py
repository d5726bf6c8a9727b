"""SQLite engines: WAL, busy timeout, foreign keys, and `BEGIN IMMEDIATE` for every transaction."""

import sqlite3
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import Connection
from sqlalchemy.exc import OperationalError

from abzu.adapters.sqlite import connect, write_gate
from abzu.adapters.sqlite.connect import BUSY_TIMEOUT_MS, StorageError, is_read_only_home
from abzu.adapters.sqlite.db import begin_statement, enter_gate

__all__ = ["BUSY_TIMEOUT_MS", "READ_ONLY", "StorageError", "is_read_only_home", "open_engine", "probe_fts5"]


def open_engine(path: Path, *, synchronous: str = "NORMAL") -> Engine:
    """An engine whose transactions take the write lock up front (`db.begin_statement`)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StorageError(f"cannot create the data folder {path.parent}: {exc.strerror}") from exc
    read_only = is_read_only_home(path)
    url = f"sqlite:///file:{path}?immutable=1&uri=true" if read_only else f"sqlite:///{path}"
    # No ceiling on the pool: a bounded pool lets threads that hold one store's connection while
    # waiting at the write gate starve the gate holder of that store (a 30 s pool timeout in the
    # MCP server with 24 concurrent remembers); SQLite takes any number of connections.
    engine = create_engine(
        url, connect_args={"check_same_thread": False, "timeout": BUSY_TIMEOUT_MS / 1000},
        max_overflow=-1,
    )
    event.listen(engine, "connect", _pragmas(synchronous, read_only=read_only))
    event.listen(engine, "begin", _begin_immediate(None if read_only else path))
    event.listen(engine, "checkin", _leave_gate_on_checkin)
    return engine


def _pragmas(synchronous: str, *, read_only: bool) -> Any:
    def on_connect(dbapi_conn: sqlite3.Connection, _record: object) -> None:
        connect.prepare(dbapi_conn, synchronous, read_only=read_only)

    return on_connect


READ_ONLY = "abzu_read_only"
# "try": take the write gate only if it is free, else fail as busy (recall's best-effort stamps).
GATE = "abzu_gate"
_HOLDER = "abzu_gate_holder"  # in the pooled connection's info: (store path, holding thread)


def _begin_immediate(store: Path | None) -> Any:
    """Every writing transaction queues at the data home's write gate (write_gate.py) first,
    so writers wait their turn in the kernel instead of polling SQLite's lock."""

    def on_begin(conn: Connection) -> None:
        options = conn.get_execution_options()
        read_only = bool(options.get(READ_ONLY, False))  # status must not queue behind writers
        if not read_only and store is not None and _HOLDER not in conn.info:
            _enter_gate(conn, store, wait=options.get(GATE) != "try")
        try:
            conn.exec_driver_sql(begin_statement(read_only))
        except BaseException:
            leave_gate(conn)
            raise

    return on_begin


def _enter_gate(conn: Connection, store: Path, *, wait: bool) -> None:
    try:
        holder = enter_gate(store, wait=wait)
    except write_gate.GateBusy as exc:
        raise OperationalError("BEGIN IMMEDIATE", None, exc) from exc
    if holder is not None:
        conn.info[_HOLDER] = (store, holder)


def leave_gate(conn: Connection) -> None:
    """After the commit or rollback: the next writer may start. Safe to call twice."""
    held = conn.info.pop(_HOLDER, None)
    if held is not None:
        write_gate.release(*held)


def _leave_gate_on_checkin(_dbapi_conn: object, record: Any) -> None:
    # A connection back in its pool has ended its transaction (the pool rolls back what is left).
    held = record.info.pop(_HOLDER, None)
    if held is not None:
        write_gate.release(*held)


def probe_fts5(engine: Engine) -> None:
    """Fail early, in words, when this SQLite build lacks FTS5 (recall cannot work without it)."""
    with engine.connect() as conn:
        raw = conn.connection.driver_connection
        assert isinstance(raw, sqlite3.Connection)
        connect.probe_fts5(raw)
