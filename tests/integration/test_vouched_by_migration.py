"""w0015 (issue 29): an existing wisdom.db learns who vouches for each bead from what it holds:
promoted and non-preference beads are the review's; a preference is the person's only where its
history shows a person's hand (created through the CLI when the row says, or edited through it),
otherwise the agent's. Later confirmations are recorded in the history."""

import sqlite3
from pathlib import Path

import pytest

from abzu.adapters.sqlite.bead_repository import UNREVIEWED
from abzu.adapters.sqlite.columns import BEADS, select_sql
from tests.integration.migration_steps import downgrade
from tests.integration.sqlite_helpers import open_store

AT = "2026-03-01 10:00:00.000000"
LATER = "2026-03-09 16:30:00.000"  # an import's time: long after the row's own created_at
# id: (category, promoted_at, context, [(event, who, at)]), and what w0015 makes of it
ROWS = {
    "b-mcp": ("preference", None, None, [("created", "mcp", AT)], "agent"),
    "b-hook": ("preference", None, "the user said always rebase", [("created", "hook", AT)], "agent"),
    "b-cli": ("preference", None, None, [("created", "cli", "2026-03-01 10:00:00.412")], "person"),
    "b-import": ("preference", None, None, [("created", "cli", LATER)], "agent"),
    "b-enki": ("preference", None, "migrated from Enki bead 42", [("created", "cli", AT)], "agent"),
    "b-distilled": ("preference", None, "Distilled by claude", [("created", "cli", AT)], "agent"),
    "b-edited": ("preference", None, None, [("created", "mcp", AT), ("edited", "cli", LATER)], "person"),
    "b-unnamed": ("preference", None, None, [("created", None, AT)], "agent"),
    "b-no-history": ("preference", None, None, [], "agent"),
    "b-promoted": ("preference", AT, None, [("promoted", "review:gemini", AT)], "review"),
    "b-decision": ("decision", None, None, [], "review"),
}


def _old_store(path: Path) -> None:
    """A wisdom.db as w0014 left it, holding ROWS and their history."""
    downgrade(path, "wisdom", "w0014")
    with sqlite3.connect(path) as conn:
        for bead_id, (category, promoted, context, _, _) in ROWS.items():
            conn.execute("INSERT INTO beads (id, content, category, project, content_hash, created_at, "
                         "promoted_at, context, weight, starred, gemini_flagged) "
                         "VALUES (?, ?, ?, NULL, ?, ?, ?, ?, 1.0, 0, 0)",
                         (bead_id, f"text of {bead_id}", category, bead_id, AT, promoted, context))
        conn.execute("DELETE FROM memory_events")  # the history each row really had, below
        events = [(at, bead_id, event, who) for bead_id, row in ROWS.items() for event, who, at in row[3]]
        conn.executemany("INSERT INTO memory_events (at, item_id, event, detail, who) "
                         "VALUES (?, ?, ?, NULL, ?)", events)


def _vouched(path: Path) -> dict[str, str]:
    with sqlite3.connect(path) as conn:
        return dict(conn.execute("SELECT id, vouched_by FROM beads"))


def test_existing_beads_get_who_vouches_for_them_from_their_history(tmp_path: Path) -> None:
    path = tmp_path / "wisdom.db"
    _old_store(path)
    open_store(path, "wisdom").close()  # opening migrates
    assert _vouched(path) == {bead_id: row[4] for bead_id, row in ROWS.items()}


def test_the_migration_itself_writes_no_history_but_a_later_confirmation_does(tmp_path: Path) -> None:
    path = tmp_path / "wisdom.db"
    _old_store(path)
    open_store(path, "wisdom").close()
    with sqlite3.connect(path) as conn:
        before = conn.execute("SELECT count(*) FROM memory_events").fetchone()[0]
        conn.execute("INSERT INTO event_actor (id, who) VALUES (1, 'review:human')")
        conn.execute("UPDATE beads SET vouched_by = 'person' WHERE id = 'b-mcp'")
        events = conn.execute("SELECT event, detail, who FROM memory_events WHERE item_id = 'b-mcp' "
                              "ORDER BY seq").fetchall()
    assert before == sum(len(row[3]) for row in ROWS.values())
    assert events[-1] == ("confirmed", "agent -> person", "review:human")


def test_a_store_at_w0015_goes_back_to_w0014_without_the_column(tmp_path: Path) -> None:
    path = tmp_path / "wisdom.db"
    open_store(path, "wisdom").close()
    downgrade(path, "wisdom", "w0014")
    with sqlite3.connect(path) as conn:
        columns = {row[1] for row in conn.execute("PRAGMA table_info(beads)")}
        triggers = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'")}
    assert "vouched_by" not in columns and "beads_ev_vouch" not in triggers


@pytest.mark.parametrize("value", ["nobody", None])
def test_the_column_takes_only_the_three_values(tmp_path: Path, value: str | None) -> None:
    path = tmp_path / "wisdom.db"
    open_store(path, "wisdom").close()
    with sqlite3.connect(path) as conn, pytest.raises(sqlite3.IntegrityError):
        conn.execute("INSERT INTO beads (id, content, category, content_hash, vouched_by) "
                     "VALUES ('b-1', 'x', 'preference', 'h', ?)", (value,))


def test_the_unreviewed_list_reads_its_own_index_not_every_bead(tmp_path: Path) -> None:
    """Without it, `abzu review` and every Staging page read and sorted all of wisdom.db."""
    path = tmp_path / "wisdom.db"
    open_store(path, "wisdom").close()
    sql = f"{select_sql('beads', BEADS)} WHERE {UNREVIEWED} AND +project = ? ORDER BY created_at, id"
    with sqlite3.connect(path) as conn:
        plan = [row[3] for row in conn.execute("EXPLAIN QUERY PLAN " + sql, ["api"])]
    assert plan == ["SCAN beads USING INDEX idx_beads_agent_written"]
