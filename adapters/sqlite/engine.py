"""SQLite engines: WAL, busy timeout, foreign keys, and `BEGIN IMMEDIATE` for every transaction."""

import os
import sqlite3
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import Connection
from sqlalchemy.exc import OperationalError

from abzu.adapters.sqlite import actor, write_gate

# Each attempt waits this long inside SQLite; the busy policy (busy.py) retries whole units of
# work with jitter past it, because SQLite's own waiting is not first-come-first-served.
BUSY_TIMEOUT_MS = 2000


class StorageError(Exception):
    """The store cannot be used; the message is one line a user can act on."""


def open_engine(path: Path, *, synchronous: str = "NORMAL") -> Engine:
    """An engine whose transactions take the write lock up front.

    Deferred BEGIN loses writes under concurrency (a reader cannot always upgrade to a writer,
    whatever the busy timeout), so every transaction is BEGIN IMMEDIATE.
    """
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StorageError(f"cannot create the data folder {path.parent}: {exc.strerror}") from exc
    read_only = is_read_only_home(path)
    # A home nobody may write (a read-only mount, an immutable folder) is opened immutable:
    # SQLite then needs no -wal/-shm files, so status and recall still work; writes fail in words.
    url = f"sqlite:///file:{path}?immutable=1&uri=true" if read_only else f"sqlite:///{path}"
    engine = create_engine(
        url, connect_args={"check_same_thread": False, "timeout": BUSY_TIMEOUT_MS / 1000}
    )
    event.listen(engine, "connect", _pragmas(synchronous, read_only=read_only))
    event.listen(engine, "begin", _begin_immediate(None if read_only else path))
    event.listen(engine, "checkin", _leave_gate_on_checkin)
    actor.install(engine)
    return engine


def is_read_only_home(path: Path) -> bool:
    return path.is_file() and not os.access(path.parent, os.W_OK)


def _pragmas(synchronous: str, *, read_only: bool) -> Any:
    durable = ("journal_mode=WAL", f"synchronous={synchronous}", "journal_size_limit=67108864")
    pragmas = (*(() if read_only else durable),
               f"busy_timeout={BUSY_TIMEOUT_MS}", "foreign_keys=ON")

    def on_connect(dbapi_conn: sqlite3.Connection, _record: object) -> None:
        dbapi_conn.isolation_level = None  # no implicit BEGIN: PRAGMAs must run outside one
        for pragma in pragmas:
            dbapi_conn.execute(f"PRAGMA {pragma}")

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
        if options.get(READ_ONLY, False):  # status must not queue behind writers
            conn.exec_driver_sql("BEGIN")
            return
        if store is not None and _HOLDER not in conn.info:
            _enter_gate(conn, store, wait=options.get(GATE) != "try")
        try:
            conn.exec_driver_sql("BEGIN IMMEDIATE")
        except BaseException:
            leave_gate(conn)
            raise

    return on_begin


def _enter_gate(conn: Connection, store: Path, *, wait: bool) -> None:
    try:
        holder = write_gate.acquire(store, wait=wait)
    except write_gate.GateBusy as exc:
        raise OperationalError("BEGIN IMMEDIATE", None, exc) from exc
    except OSError:
        return  # no lock file possible (read-only home): SQLite's own locking still holds
    if holder is None:
        busy = write_gate.GateBusy("database is locked: the write gate is taken")
        raise OperationalError("BEGIN IMMEDIATE", None, busy)
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
        try:
            raw.execute("CREATE VIRTUAL TABLE temp.abzu_fts5_probe USING fts5(x)")
            raw.execute("DROP TABLE temp.abzu_fts5_probe")
        except sqlite3.DatabaseError as exc:  # "no such module: fts5", or a build that forbids it
            raise StorageError(
                f"this SQLite ({sqlite3.sqlite_version}) has no FTS5; Abzu needs it: {exc}"
            ) from exc
