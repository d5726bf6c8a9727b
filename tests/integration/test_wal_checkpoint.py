"""Issue 20: WAL checkpoints run after the write gate is released, and the WAL stays bounded."""

import hashlib
import sqlite3
from pathlib import Path

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
