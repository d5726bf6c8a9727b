"""SQLite engines: WAL, busy timeout, foreign keys, and `BEGIN IMMEDIATE` for every transaction."""

import os
import sqlite3
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import Connection

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
    event.listen(engine, "begin", _begin_immediate)
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


def _begin_immediate(conn: Connection) -> None:
    # A read-only unit of work (status) must not queue behind writers for the write lock.
    read_only = conn.get_execution_options().get(READ_ONLY, False)
    conn.exec_driver_sql("BEGIN" if read_only else "BEGIN IMMEDIATE")


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
