"""Session start's "notable memories" (context_sql.NOTABLE) on the real, migrated store: the
project's live, unflagged memories, starred first, then decisions, fixes, the rest, newest first,
ties by id; read in that order from idx_beads_notable (w0013) rather than by sorting every memory
of the project (~4.5 ms at 10k beads at each live session start)."""

import sqlite3
from contextlib import closing
from datetime import UTC, datetime
from pathlib import Path

from abzu.adapters.sqlite.context_reader import Sqlite3SessionContext
from abzu.adapters.sqlite.context_sql import NOTABLE
from abzu.adapters.sqlite.search_sql import live_weight
from abzu.domain.decay import DecayPolicy
from tests.integration.sqlite_helpers import open_store

RANK = {"decision": 0, "fix": 1}
# (category, starred, created_at, project, flagged, superseded): ties on time on purpose
SHAPES = [
    ("pattern", 0, "2026-03-01 10:00:00", "api", 0, False),
    ("decision", 0, "2026-03-01 10:00:00", "api", 0, False),
    ("fix", 1, "2026-01-01 10:00:00", "api", 0, False),
    ("decision", 0, "2026-05-01 10:00:00", "api", 0, False),
    ("fix", 0, "2026-03-01 10:00:00", "api", 0, False),
    ("pattern", 1, "2026-06-01 10:00:00", "api", 0, False),
    ("decision", 0, "2026-03-01 10:00:00", "api", 0, False),
    ("decision", 1, "2026-07-01 10:00:00", "api", 1, False),
    ("decision", 0, "2026-08-01 10:00:00", "api", 0, True),
    ("decision", 0, "2026-09-01 10:00:00", "web", 0, False),
    ("learning", 0, "2026-03-01 10:00:00", "api", 0, False),
    ("preference", 0, "2026-04-01 10:00:00", "api", 0, False),
    ("fix", 0, "2026-03-01 10:00:00", "api", 0, False),
    ("pattern", 0, "2026-02-01 10:00:00", "api", 0, False),
]


def _store(wisdom: Path) -> list[str]:
    """The migrated store holding the memories SHAPES describes; their ids in SHAPES' order
    (descending, so that rowid order is not id order)."""
    open_store(wisdom, "wisdom").close()
    ids = [f"b-{len(SHAPES) - n:02d}" for n in range(len(SHAPES))]
    with closing(sqlite3.connect(wisdom)) as db, db:  # foreign keys off: no project rows needed
        for bead, (category, starred, at, project, flagged, superseded) in zip(ids, SHAPES, strict=True):
            db.execute("INSERT INTO beads (id, content, category, project, content_hash, created_at, starred,"
                       " gemini_flagged, superseded_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                       (bead, f"memory {bead}", category, project, bead, at, starred, flagged,
                        ids[0] if superseded else None))
    return ids


def _expected(ids: list[str]) -> list[str]:
    kept = [(i, s) for i, s in zip(ids, SHAPES, strict=True) if s[3] == "api" and not s[4] and not s[5]]
    kept.sort(key=lambda row: row[0])
    kept.sort(key=lambda row: row[1][2], reverse=True)
    kept.sort(key=lambda row: (-row[1][1], RANK.get(row[1][0], 2)))
    return [i for i, _ in kept]


def test_notable_lists_starred_then_decisions_then_fixes_newest_first_ties_by_id(
    tmp_path: Path,
) -> None:
    ids = _store(tmp_path / "wisdom.db")
    context = Sqlite3SessionContext(tmp_path / "wisdom.db", tmp_path / "abzu.db", DecayPolicy())
    now = datetime(2026, 11, 26, tzinfo=UTC)
    try:
        shown = [hit.item_id for hit in context.notable("api", limit=20, now=now)]
        first = [hit.item_id for hit in context.notable("api", limit=3, now=now)]
    finally:
        context.close()
    assert shown == _expected(ids) and first == shown[:3]


def test_notable_reads_its_index_in_order_without_sorting(tmp_path: Path) -> None:
    _store(tmp_path / "wisdom.db")
    weight, params = live_weight("b", DecayPolicy(), datetime(2026, 11, 26, tzinfo=UTC))
    with closing(sqlite3.connect(tmp_path / "wisdom.db")) as db:
        plan = db.execute(f"EXPLAIN QUERY PLAN {NOTABLE.format(weight=weight)}",
                          {"project": "api", "limit": 12, **params}).fetchall()
    details = " | ".join(row[3] for row in plan)
    assert "idx_beads_notable" in details and "TEMP B-TREE" not in details, details
