"""Many processes remembering at once into a fresh data home: nothing lost, nothing surfaced."""

import multiprocessing
import sqlite3
from pathlib import Path

import pytest

from tests.integration.sqlite_helpers import fts_in_sync
from tests.integration.workers import remember_many

PROCESSES, EACH = 8, 40


@pytest.mark.serial
def test_parallel_remembers_lose_nothing(abzu_home: Path, repo: Path) -> None:
    with multiprocessing.get_context("spawn").Pool(PROCESSES) as pool:
        outcomes = pool.starmap(
            remember_many, [(str(abzu_home), str(repo), worker, EACH) for worker in range(PROCESSES)]
        )
    stored = [i for ids, _ in outcomes for i in ids]
    errors = [e for _, errs in outcomes for e in errs]
    assert errors == []
    assert len(stored) == len(set(stored)) == PROCESSES * EACH
    with sqlite3.connect(abzu_home / "wisdom.db") as w, sqlite3.connect(abzu_home / "abzu.db") as s:
        in_db = {r[0] for r in w.execute("SELECT id FROM beads")}
        in_db |= {r[0] for r in s.execute("SELECT id FROM bead_candidates")}
        projects = w.execute("SELECT name, path FROM projects").fetchall()
    assert in_db == set(stored)
    assert projects == [("api", str(repo))]
    assert fts_in_sync(abzu_home / "wisdom.db", "beads_fts")
    assert fts_in_sync(abzu_home / "abzu.db", "candidates_fts")
