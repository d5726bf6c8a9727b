"""Opening a store file on the standard library's sqlite3: the settings every connection gets.

Every store connection is opened here (sqlite3_store.py, and Alembic's engine while a store is
migrated: migrations/engine.py), so all run with the same WAL, durability, busy wait and
foreign keys.
"""

import os
import sqlite3
from pathlib import Path

from abzu.adapters.private_files import private_file, private_folder, tighten_home

# wisdom.db is the knowledge base: fsync every commit. abzu.db can be rebuilt from transcripts.
SYNCHRONOUS = {"wisdom": "FULL", "staging": "NORMAL"}

# Each attempt waits this long inside SQLite; the busy policy (busy.py) retries whole units of
# work with jitter past it, because SQLite's own waiting is not first-come-first-served.
BUSY_TIMEOUT_MS = 2000


class StorageError(Exception):
    """The store cannot be used; the message is one line a user can act on."""


def is_read_only_home(path: Path) -> bool:
    return path.is_file() and not os.access(path.parent, os.W_OK)


def database_uri(path: Path) -> str:
    """A home nobody may write (a read-only mount, an immutable folder) is opened immutable:
    SQLite then needs no -wal/-shm files, so status and recall still work; writes fail in words."""
    return f"file:{path}?immutable=1" if is_read_only_home(path) else f"file:{path}"


def connection_pragmas(synchronous: str, *, read_only: bool) -> tuple[str, ...]:
    durable = ("journal_mode=WAL", f"synchronous={synchronous}", "journal_size_limit=67108864")
    return (*(() if read_only else durable), f"busy_timeout={BUSY_TIMEOUT_MS}", "foreign_keys=ON")


def prepare(conn: sqlite3.Connection, synchronous: str, *, read_only: bool) -> None:
    conn.isolation_level = None  # no implicit BEGIN: PRAGMAs must run outside one
    for pragma in connection_pragmas(synchronous, read_only=read_only):
        conn.execute(f"PRAGMA {pragma}")


def open_sqlite3(path: Path, synchronous: str) -> sqlite3.Connection:
    """A connection with the stores' settings; transactions are begun explicitly."""
    conn = sqlite3.connect(database_uri(path), uri=True, timeout=BUSY_TIMEOUT_MS / 1000,
                           check_same_thread=False)
    prepare(conn, synchronous, read_only=is_read_only_home(path))
    return conn


def probe_fts5(conn: sqlite3.Connection) -> None:
    """Fail early, in words, when this SQLite build lacks FTS5 (recall cannot work without it)."""
    try:
        conn.execute("CREATE VIRTUAL TABLE temp.abzu_fts5_probe USING fts5(x)")
        conn.execute("DROP TABLE temp.abzu_fts5_probe")
    except sqlite3.DatabaseError as exc:  # "no such module: fts5", or a build that forbids it
        raise StorageError(
            f"this SQLite ({sqlite3.sqlite_version}) has no FTS5; Abzu needs it: {exc}"
        ) from exc


def private_store_files(path: Path) -> None:
    """Home 0700 and the database created 0600 before SQLite opens it: SQLite gives its -wal
    and -shm files the database's own mode, so they are born private too."""
    try:
        private_folder(path.parent)
        tighten_home(path.parent)
        private_file(path)
    except OSError:
        pass  # a read-only home, or a bad path that opening reports in words
