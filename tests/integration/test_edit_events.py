"""w0011/s0014: a hand edit of a memory's summary, tags or category alone leaves one "edited"
event naming the fields (never their text), so the history and the stores' marks move with it;
an edit of the text stays one "content changed" event."""

import sqlite3
from pathlib import Path

import pytest

from tests.integration.migration_steps import downgrade
from tests.integration.sqlite_helpers import open_store
from tests.integration.test_context_migration import ROW

STORES = {"wisdom": ("wisdom.db", "w0010", "beads"), "staging": ("abzu.db", "s0013", "bead_candidates")}
ITEM = {"beads": "b-1", "bead_candidates": "c-1"}


def _events_after(path: Path, table: str, change: str) -> list[tuple[str, str | None]]:
    with sqlite3.connect(path) as conn:
        conn.execute(ROW[table])
        conn.execute(f"UPDATE {table} SET {change} WHERE id = '{ITEM[table]}'")
        rows = conn.execute("SELECT event, detail FROM memory_events ORDER BY seq").fetchall()
    return [(str(event), detail) for event, detail in rows[1:]]  # after "created"/"staged"


@pytest.mark.parametrize("store", ["wisdom", "staging"])
@pytest.mark.parametrize(("change", "events"), [
    ("summary = 'Pin it'", [("edited", "summary")]),
    ("tags = '[\"db\"]', category = 'decision'", [("edited", "tags, category fix -> decision")]),
    ("content = 'Pin the driver to 2.1', summary = 'Pin it'", [("content changed", None)]),
    ("summary = NULL", []),  # nothing changed: no event
])
def test_an_edit_leaves_one_event_naming_what_changed(tmp_path: Path, store: str, change: str,
                                                      events: list[tuple[str, str | None]]) -> None:
    file, _, table = STORES[store]
    open_store(tmp_path / file, store).close()
    assert _events_after(tmp_path / file, table, change) == events


@pytest.mark.parametrize("store", ["wisdom", "staging"])
def test_before_the_migration_a_summary_edit_left_no_event(tmp_path: Path, store: str) -> None:
    file, before, table = STORES[store]
    downgrade(tmp_path / file, store, before)
    assert _events_after(tmp_path / file, table, "summary = 'Pin it'") == []
