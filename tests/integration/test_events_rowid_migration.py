"""w0010/s0013 (issue 15): `memory_events` loses AUTOINCREMENT, keeping every event and its seq."""

import sqlite3
from pathlib import Path

import pytest

from tests.integration.migration_steps import downgrade
from tests.integration.sqlite_helpers import open_store
from tests.integration.test_context_migration import ROW

STORES = {"wisdom": ("wisdom.db", "w0008", "beads"), "staging": ("abzu.db", "s0012", "bead_candidates")}


def _migrate(path: Path, store: str, revision: str | None) -> None:
    """To `revision` (down), or to head when None (opening a store migrates it)."""
    if revision is None:
        open_store(path, store).close()
    else:
        downgrade(path, store, revision)


def _events(path: Path) -> list[tuple[int, str, str]]:
    with sqlite3.connect(path) as conn:
        return conn.execute("SELECT seq, item_id, event FROM memory_events ORDER BY seq").fetchall()


def _table_sql(path: Path) -> str:
    with sqlite3.connect(path) as conn:
        return str(conn.execute("SELECT sql FROM sqlite_master WHERE name = 'memory_events'").fetchone()[0])


@pytest.mark.parametrize("store", ["wisdom", "staging"])
def test_the_history_survives_the_rebuild_both_ways(tmp_path: Path, store: str) -> None:
    file, before, table = STORES[store]
    path = tmp_path / file
    _migrate(path, store, before)
    assert "AUTOINCREMENT" in _table_sql(path)
    with sqlite3.connect(path) as conn:
        conn.execute(ROW[table])
        conn.execute(f"DELETE FROM {table}")  # two events: created, then gone
    old = _events(path)
    _migrate(path, store, None)
    assert "AUTOINCREMENT" not in _table_sql(path) and _events(path) == old
    with sqlite3.connect(path) as conn:
        conn.execute(ROW[table])
    assert [seq for seq, _, _ in _events(path)] == [1, 2, 3]  # the next event follows the last
    _migrate(path, store, before)
    assert "AUTOINCREMENT" in _table_sql(path) and len(_events(path)) == 3
