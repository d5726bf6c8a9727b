"""Migrating fresh stores yields exactly the spec §16 schema (plus the documented extensions)."""

import sqlite3
from pathlib import Path

import pytest

from abzu.adapters.sqlite.columns import TABLES
from abzu.adapters.sqlite.connect import StorageError
from abzu.adapters.sqlite.migrations.runner import HEADS, assert_fts_objects, script_head
from abzu.adapters.sqlite.sqlite3_store import Sqlite3Store
from tests.integration.sqlite_helpers import open_store

EXPECTED = {
    "wisdom": {
        "table": {"alembic_version", "projects", "beads", "user_profile", "beads_fts",
                  "memory_events", "event_actor",  # issue 15 (w0002, w0004)
                  "bead_anchors",  # issue 16 (w0005)
                  "bead_sources",  # issue 15, derived_from (w0007)
                  "bead_vectors"},  # issue 12.4 (w0006)
        "index": {
            "idx_projects_path", "idx_beads_project", "idx_beads_category", "idx_beads_weight",
            "idx_beads_hash", "idx_beads_flagged", "idx_memory_events_item", "idx_memory_events_at",
            "idx_bead_anchors_value", "idx_bead_sources_source", "idx_bead_anchors_stale",
            "idx_beads_live_stats",  # w0009: the status counts read an index, not the table (issue 18)
            "idx_beads_notable",  # w0013: session start's notable memories read in order (issue 13)
            "idx_projects_remote",  # w0014: one project per repository remote (issue 29)
            "idx_beads_agent_written",  # w0015: what the agent wrote, for a person to confirm
        },
        "trigger": {"beads_ai", "beads_ad", "beads_au", *(f"beads_ev_{e}" for e in (
            "insert", "weight", "star", "flag", "supersede", "content", "delete")),
            "bead_vectors_owner_delete", "bead_sources_ev_insert",
            "bead_anchors_ev_stale", "bead_anchors_ev_fresh",  # w0008, w0012: marks put on, taken off
            "beads_ev_edit",  # w0011: a hand edit of summary, tags or category alone
            "beads_ev_vouch"},  # w0015: a person confirms, a review vouches (issue 29)
    },
    "staging": {
        "table": {
            "alembic_version", "session_summaries", "bead_candidates", "candidates_fts", "extraction_log",
            # issue 4 (s0002, s0003) and issue 5 (s0005)
            "sessions", "transcript_cursors", "extracted_messages", "injection_log", "review_log",
            "review_archive", "memory_events", "event_actor",  # issue 15 (s0007, s0009)
            "candidate_anchors",  # issue 16 (s0010)
            "candidate_vectors",  # issue 12.4 (s0011)
            "open_loops",  # issue 29 (s0015)
        },
        "index": {
            "idx_summaries_session", "idx_summaries_project", "idx_candidates_project",
            "idx_candidates_hash", "idx_extraction_session",
            "idx_sessions_project", "idx_injection_log_key", "idx_summaries_recent",
            "idx_review_log_started", "idx_memory_events_item", "idx_memory_events_at",
            "idx_candidate_anchors_value", "idx_open_loops_project",
        },
        "trigger": {"candidates_ai", "candidates_ad", "candidates_au", *(f"candidates_ev_{e}" for e in (
            "insert", "supersede", "content", "delete", "edit")),  # s0014: "edit"
            "candidate_vectors_owner_delete"},
    },
}
FILES = {"wisdom": "wisdom.db", "staging": "abzu.db"}


def opened(tmp_path: Path, store: str) -> Sqlite3Store:
    return open_store(tmp_path / FILES[store], store)


def master(path: Path) -> dict[str, set[str]]:
    with sqlite3.connect(path) as conn:
        rows = conn.execute("SELECT type, name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'").fetchall()
    found: dict[str, set[str]] = {"table": set(), "index": set(), "trigger": set()}
    for kind, name in rows:
        if not name.endswith(("_fts_data", "_fts_idx", "_fts_docsize", "_fts_config", "_fts_content")):
            found[kind].add(name)
    return found


@pytest.mark.parametrize("store", ["wisdom", "staging"])
def test_a_fresh_store_has_exactly_the_spec_tables_indexes_and_triggers(tmp_path: Path, store: str) -> None:
    opened(tmp_path, store).close()
    assert master(tmp_path / FILES[store]) == EXPECTED[store]


def test_the_code_view_of_each_table_matches_the_migrated_columns(tmp_path: Path) -> None:
    """columns.py's lists (every INSERT, SELECT and export is built from them) are the columns
    the migrations create, in order, each table found in one of the two stores."""
    migrated: dict[str, list[str]] = {}
    for store in ("wisdom", "staging"):
        opened(tmp_path, store).close()
        with sqlite3.connect(tmp_path / FILES[store]) as conn:
            for table in TABLES:
                found = [row[1] for row in conn.execute(f"PRAGMA table_info({table})")]
                if found:
                    migrated[table] = found
    assert {name: list(columns) for name, columns in TABLES.items()} == migrated


@pytest.mark.parametrize(
    ("store", "statement"),
    [
        ("wisdom", "INSERT INTO beads(id, content, category, content_hash) VALUES ('b', 'x', 'idea', 'h')"),
        ("wisdom", "INSERT INTO user_profile(key, value, source) VALUES ('k', 'v', 'guessed')"),
        ("staging", "INSERT INTO bead_candidates(id, content, category, content_hash, source) "
                    "VALUES ('c', 'x', 'preference', 'h', 'manual')"),
        ("staging", "INSERT INTO bead_candidates(id, content, category, content_hash, source) "
                    "VALUES ('c', 'x', 'fix', 'h', 'somewhere')"),
    ],
)
def test_check_constraints_refuse_values_outside_the_spec(
    tmp_path: Path, store: str, statement: str
) -> None:
    opened(tmp_path, store).close()
    refused = pytest.raises(sqlite3.IntegrityError, match="CHECK")
    with sqlite3.connect(tmp_path / FILES[store]) as conn, refused:
        conn.execute(statement)


@pytest.mark.parametrize("store", ["wisdom", "staging"])
def test_reopening_a_current_store_keeps_it_at_head(tmp_path: Path, store: str) -> None:
    opened(tmp_path, store).close()
    opened(tmp_path, store).close()
    with sqlite3.connect(tmp_path / FILES[store]) as conn:
        assert conn.execute("SELECT version_num FROM alembic_version").fetchone() == (HEADS[store],)
    assert HEADS[store] == script_head(store)


@pytest.mark.parametrize("store", ["wisdom", "staging"])
def test_a_store_from_a_newer_abzu_is_refused_with_a_clear_error(tmp_path: Path, store: str) -> None:
    opened(tmp_path, store).close()
    with sqlite3.connect(tmp_path / FILES[store]) as conn:
        conn.execute("UPDATE alembic_version SET version_num = 'x9999'")
    with pytest.raises(StorageError, match=r"newer Abzu \(schema x9999\): upgrade abzu"):
        opened(tmp_path, store)


def test_a_store_missing_a_sync_trigger_is_reported_by_name(tmp_path: Path) -> None:
    opened(tmp_path, "wisdom").close()
    with sqlite3.connect(tmp_path / "wisdom.db") as conn:
        conn.execute("DROP TRIGGER beads_au")
    with pytest.raises(StorageError, match="lacks beads_au"):
        assert_fts_objects(tmp_path / "wisdom.db", "wisdom")
