"""A store file as a unit of work's `DbSource` on the standard library's sqlite3.

Every reader and writer of the stores opens them here (connect.py's PRAGMAs, db.py's
transactions). The first use in a process reads the stored schema revision (one row); only a
store that is missing or behind loads the full path (`stores.ready`: Alembic under the
migration lock, snapshot, FTS5 probe), once.
"""

import sqlite3
import threading
from pathlib import Path

from abzu.adapters.sqlite import checkpoint
from abzu.adapters.sqlite.connect import SYNCHRONOUS, open_sqlite3, private_store_files, probe_fts5
from abzu.adapters.sqlite.db import Sqlite3Db
from abzu.adapters.sqlite.migrations.heads import HEADS
from abzu.adapters.sqlite.schema_revisions import revision

_IDLE_MAX = 4  # connections kept for the next unit of work (the MCP server recalls in a loop)
# Reads through a memory map instead of read() into SQLite's own 2 MB page cache: every recall
# asks for new words, so its FTS pages were copied in afresh each time (≈ 40 % of a recall's
# SQL time at 100k beads, docs/benchmarks.md 2026-11-26). Writes still go through write(); the
# map is address space, and only pages read count toward RSS (shared with the OS page cache).
MMAP_BYTES = 1 << 30


class Sqlite3Store:
    def __init__(self, path: Path, store: str) -> None:
        self.path, self.store = path, store
        self._idle: list[sqlite3.Connection] = []
        self._lock = threading.Lock()
        self._ready = False

    def open_connection(self) -> Sqlite3Db:
        with self._lock:
            conn = self._idle.pop() if self._idle else None
        return Sqlite3Db(conn or self._connect(), self._release, gate=self.path)

    def close(self) -> None:
        """Closes the idle connections (a restored file is then read afresh: snapshots.py); the
        next unit of work checks the schema again, and migrates a store left behind."""
        with self._lock:
            idle, self._idle, self._ready = self._idle, [], False
        for conn in idle:
            conn.close()

    def _connect(self) -> sqlite3.Connection:
        conn = None if self._ready else self._prepare()
        if conn is None:
            conn = open_sqlite3(self.path, SYNCHRONOUS[self.store])
        conn.execute(f"PRAGMA mmap_size={MMAP_BYTES}")
        conn.execute(f"PRAGMA {checkpoint.PRAGMA}")  # its writers checkpoint after the gate
        return conn

    def _prepare(self) -> sqlite3.Connection | None:
        """The connection that found the store at its head, kept as the first one (opening
        another cost ~1.5 ms per store); None when the full path had to open the store."""
        private_store_files(self.path)
        checked = self._at_head() if self.path.is_file() else None
        if checked is not None:
            self._ready = True
            return checked
        # New, older or unreadable store: the full path migrates it once, or says why it cannot.
        from abzu.adapters.sqlite.stores import ready

        ready(self.path, self.store)
        self._ready = True
        return None

    def _at_head(self) -> sqlite3.Connection | None:
        """A connection to the store when it is at its schema head (else closed: None)."""
        try:
            conn = open_sqlite3(self.path, SYNCHRONOUS[self.store])
        except sqlite3.DatabaseError:  # garbage, locked past the busy wait: the full path decides
            return None
        try:
            if revision(conn) == HEADS[self.store]:
                probe_fts5(conn)
                return conn
        except sqlite3.DatabaseError:
            pass
        except BaseException:  # no FTS5 (StorageError): said as before, the connection closed
            conn.close()
            raise
        conn.close()
        return None

    def _release(self, conn: sqlite3.Connection) -> None:
        with self._lock:
            if len(self._idle) < _IDLE_MAX:
                self._idle.append(conn)
                return
        conn.close()
