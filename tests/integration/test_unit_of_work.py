"""The SQLite unit of work: explicit commit, rollback by default and on error, across both stores."""

import sqlite3
from pathlib import Path

import pytest

from tests.fakes import T0, bead, candidate
from tests.integration.sqlite_helpers import sqlite_uow


def rows(path: Path, table: str) -> list[str]:
    with sqlite3.connect(path) as conn:
        return [r[0] for r in conn.execute(f"SELECT id FROM {table} ORDER BY id")]


def test_committed_work_is_visible_to_other_connections(tmp_path: Path) -> None:
    with sqlite_uow(tmp_path) as uow, uow:
        uow.projects.register("api", "/src/api", T0)
        uow.beads.add(bead("b-1"))
        uow.candidates.add(candidate("c-1"))
        uow.commit()
    assert rows(tmp_path / "wisdom.db", "beads") == ["b-1"]
    assert rows(tmp_path / "abzu.db", "bead_candidates") == ["c-1"]


def test_uncommitted_work_is_rolled_back_by_default(tmp_path: Path) -> None:
    with sqlite_uow(tmp_path) as uow:
        with uow:
            uow.projects.register("api", "/src/api", T0)
            uow.beads.add(bead("b-1"))
            uow.candidates.add(candidate("c-1"))
        with uow:  # the write lock was released: a second unit of work writes at once
            uow.candidates.add(candidate("c-2"))
            uow.commit()
    assert rows(tmp_path / "wisdom.db", "beads") == []
    assert rows(tmp_path / "abzu.db", "bead_candidates") == ["c-2"]


def test_an_error_rolls_everything_back_and_is_not_swallowed(tmp_path: Path) -> None:
    with sqlite_uow(tmp_path) as uow, pytest.raises(RuntimeError, match="boom"), uow:
        uow.candidates.add(candidate("c-1"))
        raise RuntimeError("boom")
    assert rows(tmp_path / "abzu.db", "bead_candidates") == []


def test_work_after_a_commit_is_a_new_transaction_rolled_back_on_exit(tmp_path: Path) -> None:
    with sqlite_uow(tmp_path) as uow, uow:
        uow.candidates.add(candidate("c-1"))
        uow.commit()
        uow.candidates.add(candidate("c-2"))
    assert rows(tmp_path / "abzu.db", "bead_candidates") == ["c-1"]
