"""Issue 20: WAL checkpoints run after the write gate is released, and the WAL stays bounded."""

import hashlib
import os
import sqlite3
from pathlib import Path

import pytest

from abzu.adapters.sqlite import checkpoint
from abzu.application.remember import RememberRequest
from abzu.entrypoints.wiring.container import Container


def _wal_store(path: Path, rows: int) -> sqlite3.Connection:
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute(f"PRAGMA {checkpoint.PRAGMA}")
    conn.execute("CREATE TABLE notes (body TEXT)")
    for i in range(rows):  # one commit per row: one or more WAL frames each
        conn.execute("INSERT INTO notes VALUES (?)", (f"{i} " + "x" * 3000,))
    return conn


def test_a_due_wal_is_checkpointed_after_the_commit(tmp_path: Path) -> None:
    store = tmp_path / "abzu.db"
    conn = _wal_store(store, 1200)
    assert checkpoint.pending_frames(store) >= checkpoint.FRAMES  # automatic checkpoints are off
    checkpoint.after_commit(conn, store)
    assert checkpoint.pending_frames(store) == 0
    assert conn.execute("SELECT count(*) FROM notes").fetchone()[0] == 1200


def test_a_wal_not_due_is_left_alone(tmp_path: Path) -> None:
    store = tmp_path / "abzu.db"
    conn = _wal_store(store, 20)
    before = checkpoint.pending_frames(store)
    checkpoint.after_commit(conn, store)
    assert 0 < before == checkpoint.pending_frames(store)


def test_no_wal_to_read_is_no_checkpoint(tmp_path: Path) -> None:
    assert checkpoint.pending_frames(tmp_path / "missing.db") == 0


def test_remembering_keeps_the_wal_bounded_without_automatic_checkpoints(
    container: Container, abzu_home: Path
) -> None:
    remember = container.remember()
    for i in range(400):  # long notes: well past 1,000 WAL frames in abzu.db
        words = " ".join(hashlib.sha256(f"{i}/{j}".encode()).hexdigest() for j in range(60))
        remember.execute(RememberRequest(f"note {i}: {words}", "learning")).unwrap()
    assert checkpoint.pending_frames(abzu_home / "abzu.db") < checkpoint.FRAMES


@pytest.mark.skipif(not Path("/proc/locks").is_file(), reason="reads the kernel's lock table (Linux)")
def test_reading_the_wal_index_leaves_sqlite_s_lock_on_it(tmp_path: Path) -> None:
    """Closing a descriptor of the -shm dropped SQLite's read lock on it (fcntl semantics): the
    next process to open the store then truncated the WAL index this one had mapped (SIGBUS)."""
    store = tmp_path / "abzu.db"
    conn = _wal_store(store, 3)
    held = _locks_of(store.with_name("abzu.db-shm"))
    assert held  # SQLite's read lock on the WAL index while the connection is open
    assert checkpoint.pending_frames(store) > 0
    checkpoint.after_commit(conn, store)
    assert _locks_of(store.with_name("abzu.db-shm")) == held


def _locks_of(path: Path) -> list[str]:
    """This process's POSIX locks on `path`, as /proc/locks lists them (type and byte range)."""
    device, inode = os.stat(path).st_dev, os.stat(path).st_ino
    key = f"{os.major(device):02x}:{os.minor(device):02x}:{inode}"
    rows = [line.split() for line in Path("/proc/locks").read_text().splitlines()]
    return sorted(" ".join(r[3:4] + r[-2:]) for r in rows
                  if len(r) >= 8 and r[1] == "POSIX" and r[4] == str(os.getpid()) and r[5] == key)
