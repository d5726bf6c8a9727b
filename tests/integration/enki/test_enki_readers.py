"""The readers of foreign files: tolerant of extra columns, precise about what is missing, read-only."""

import sqlite3
from pathlib import Path

from abzu.adapters.enki.em_store import SqliteEmReader
from abzu.adapters.enki.old_store import SqliteOldEnkiReader
from tests.enki_files import em_db


def test_an_old_store_with_only_a_beads_table_is_read(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE beads (id INTEGER, content TEXT, type TEXT, project TEXT, extra BLOB)")
        conn.execute("INSERT INTO beads VALUES (7, 'Use WAL', 'learning', 'atlas', x'00')")
    conn.close()
    export = SqliteOldEnkiReader().read(str(path)).unwrap()
    read = [(b.id, b.content, b.project, b.summary) for b in export.beads]
    assert read == [("7", "Use WAL", "atlas", None)]
    assert export.projects == ()


def test_a_missing_column_is_named(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    sqlite3.connect(path).execute("CREATE TABLE beads (id TEXT, content TEXT)").connection.close()
    message = SqliteOldEnkiReader().read(str(path)).failure().message
    assert message == f"cannot read {path}: not an old Enki store (`beads` lacks column(s) type, project)"


def test_an_em_db_is_read_with_its_threads_in_order_and_left_untouched(tmp_path: Path) -> None:
    path = em_db(tmp_path / "em.db")
    before = path.read_bytes()
    records = SqliteEmReader().read(str(path)).unwrap()
    assert [len(t.messages) for t in records.threads] == [2, 1]
    assert records.threads[0].messages[0].sender == "architect"
    assert [b.status for b in records.bugs] == ["fixed", "open"] and len(records.decisions) == 1
    assert path.read_bytes() == before and not Path(f"{path}-wal").exists()
