"""The session-start delta header reads only the events since the last session (issue 13): on
the real, migrated stores the query planner drives both delta queries from idx_memory_events_at,
not from the project's memories (at 10k beads the latter cost ~25 ms per query at every live
session start, for the handful of events a delta shows)."""

import sqlite3
from pathlib import Path

import pytest
from returns.result import Success

from abzu.adapters.sqlite.context_sql import DELTA_COUNTS, DELTA_RECENT
from abzu.application.remember import RememberRequest
from abzu.entrypoints.wiring.container import Container


@pytest.mark.parametrize(("store", "sql"), [
    ("wisdom.db", DELTA_COUNTS.format(table="beads")),
    ("abzu.db", DELTA_COUNTS.format(table="bead_candidates")),
    ("wisdom.db", DELTA_RECENT),
])
def test_the_delta_reads_the_events_since_the_last_session_by_their_time(
    container: Container, abzu_home: Path, store: str, sql: str
) -> None:
    assert isinstance(container.remember().execute(RememberRequest("Tag releases from main", "decision")),
                      Success)  # both stores exist and are migrated
    with sqlite3.connect(abzu_home / store) as db:
        plan = db.execute(f"EXPLAIN QUERY PLAN {sql}", {"since": "2026-01-01", "project": "api"}).fetchall()
    outer = plan[0][3]
    assert "idx_memory_events_at" in outer, plan
