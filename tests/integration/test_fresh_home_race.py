"""Issue 20.3: eight processes (CLI, hook, MCP) on a brand-new data home at once all succeed.

Before the migration lock, two processes could both run the same migration on a new store
(`duplicate column name: last_offset`), leaving a traceback in abzu.log and a failed command.
"""

import multiprocessing
import sqlite3
from pathlib import Path

import pytest

from abzu.adapters.sqlite.migrations.runner import HEADS
from tests.integration.fresh_home_doors import DOORS, run_door

ROUNDS = 20


@pytest.mark.serial
@pytest.mark.slow
@pytest.mark.parametrize("round_", range(ROUNDS))
def test_eight_doors_opening_a_fresh_home_at_once_all_succeed(tmp_path: Path, round_: int) -> None:
    home, repo = tmp_path / "enki", tmp_path / "src" / "api"
    (repo / ".git").mkdir(parents=True)
    with multiprocessing.get_context("fork").Pool(len(DOORS)) as pool:
        failures = pool.starmap(run_door, [(i, home, repo) for i in range(len(DOORS))])
    assert [f for f in failures if f] == []
    for store, name in (("wisdom", "wisdom.db"), ("staging", "abzu.db")):
        with sqlite3.connect(home / name) as conn:
            assert conn.execute("SELECT version_num FROM alembic_version").fetchall() == [(HEADS[store],)]
            assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    log = (home / "abzu.log").read_text(encoding="utf-8") if (home / "abzu.log").exists() else ""
    assert "Traceback" not in log and "ERROR" not in log, log
