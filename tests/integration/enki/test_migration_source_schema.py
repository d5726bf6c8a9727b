"""s0006: an abzu.db made before it keeps its candidates searchable and accepts `migration`."""

import sqlite3
from pathlib import Path

from abzu.adapters.sqlite.migrations.runner import upgrade
from tests.integration.sqlite_helpers import fts_in_sync, fts_matches, open_store


def test_upgrading_keeps_old_candidates_searchable_and_allows_migration(tmp_path: Path) -> None:
    path = tmp_path / "abzu.db"
    upgrade(path, "staging", "s0005")
    with sqlite3.connect(path) as conn:
        conn.execute("INSERT INTO bead_candidates(id, content, category, content_hash, source) "
                     "VALUES ('c-old', 'pagination uses keyset cursors', 'decision', 'h', 'manual')")
    open_store(path, "staging").close()
    with sqlite3.connect(path) as conn:
        conn.execute("INSERT INTO bead_candidates(id, content, category, content_hash, source) "
                     "VALUES ('c-new', 'migrated keyset note', 'learning', 'h2', 'migration')")
        triggers = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'")}
    assert fts_matches(path, "candidates_fts", "keyset") == 2 and fts_in_sync(path, "candidates_fts")
    assert {"candidates_ai", "candidates_ad", "candidates_au"} <= triggers
