"""`abzu show | edit | forget ID` as a person uses them (issue 19): in process on the real stores."""

import sqlite3
from contextlib import closing
from pathlib import Path

import pytest
from rich.console import Console

from abzu.entrypoints.cli import render
from abzu.entrypoints.wiring.container import Container
from tests.e2e.cli import Cli

SECRET = "ghp_R8x2Kq9ZmT4vLp7WnB3cYd6FhJ1sXa5GeU0o"


@pytest.fixture
def cli(container: Container, monkeypatch: pytest.MonkeyPatch) -> Cli:
    monkeypatch.setattr(render, "console", Console(width=160))
    return Cli(container)


def remembered(cli: Cli, text: str, category: str = "preference", *extra: str) -> str:
    return str(cli("remember", text, "-c", category, *extra, "--json").json()["id"])


def recalled_ids(cli: Cli, query: str) -> list[str]:
    return [r["id"] for r in cli("recall", query, "--json").json()["results"]]


def test_show_prints_the_whole_memory_with_its_provenance(cli: Cli) -> None:
    bead_id = remembered(cli, "Prefer WAL mode for SQLite", "preference", "--tag", "db", "--summary", "WAL")
    candidate_id = remembered(cli, "Alembic runs before the API starts", "fix")

    bead = cli("show", bead_id, "--json").json()
    assert (bead["store"], bead["reviewed"], bead["project"], bead["tags"], bead["summary"]) == (
        "wisdom", True, "api", ["db"], "WAL")
    staged = cli("show", candidate_id).stdout
    assert candidate_id in staged and "staging (awaits review)" in staged and "source: manual" in staged
    assert "Alembic runs before the API starts" in staged


def test_show_of_an_unknown_id_is_one_line_and_exit_1(cli: Cli) -> None:
    run = cli("show", "b-nope")
    assert (run.code, run.stdout) == (1, "")
    assert run.stderr.splitlines() == [
        "error: no memory with id 'b-nope' (ids look like b-… or c-…; see `abzu recall`)"
    ]


def test_edit_rewrites_redacts_and_reindexes(cli: Cli) -> None:
    bead_id = remembered(cli, "Prefer WAL mode for SQLite")

    new_text = f"Prefer rollback journals; key {SECRET}"
    edited = cli("edit", bead_id, "--content", new_text, "-c", "decision", "--json")

    assert edited.json()["category"] == "decision" and SECRET not in edited.stdout
    assert recalled_ids(cli, "rollback") == [bead_id]
    assert recalled_ids(cli, "WAL") == []  # the old words are gone from the index


def test_edit_refuses_the_text_of_another_memory(cli: Cli) -> None:
    first = remembered(cli, "Prefer WAL mode for SQLite")
    second = remembered(cli, "Prefer tabs in Makefiles")

    run = cli("edit", second, "--content", "Prefer WAL mode for SQLite")

    assert run.code == 1 and f"same text as '{first}'" in run.stderr
    assert cli("show", second, "--json").json()["content"] == "Prefer tabs in Makefiles"


def test_edit_without_a_change_says_what_to_give(cli: Cli) -> None:
    bead_id = remembered(cli, "Prefer WAL mode for SQLite")
    run = cli("edit", bead_id)
    assert run.code == 1 and run.stderr.startswith("error: nothing to change")


def test_forget_asks_first_and_keeps_the_memory_on_no(cli: Cli) -> None:
    bead_id = remembered(cli, "Prefer WAL mode for SQLite")

    run = cli("forget", bead_id, stdin="n\n")

    assert run.code == 1 and "Forget " + bead_id in run.stdout
    assert recalled_ids(cli, "WAL") == [bead_id]


def test_forget_removes_the_row_and_its_search_entry(cli: Cli, abzu_home: object) -> None:
    bead_id = remembered(cli, "Prefer WAL mode for SQLite")
    candidate_id = remembered(cli, "WAL needs a shared-memory file", "learning")

    confirmed = cli("forget", bead_id, stdin="y\n")
    scripted = cli("forget", candidate_id, "--yes", "--json")

    assert confirmed.code == 0 and f"Forgot {bead_id}" in confirmed.stdout
    assert scripted.json() == {
        "id": candidate_id, "store": "staging", "category": "learning", "project": "api", "older": [],
    }
    assert recalled_ids(cli, "WAL") == []
    assert cli("show", bead_id).code == 1
    assert cli("status", "--json").json()["beads"] == 0


def test_forget_takes_the_older_versions_with_it_so_none_comes_back(cli: Cli, abzu_home: Path) -> None:
    oldest = remembered(cli, "Prefer WAL mode for SQLite")
    older = remembered(cli, "Prefer WAL journaling for SQLite databases")
    newest = remembered(cli, "Prefer WAL mode for every SQLite database")
    with closing(sqlite3.connect(abzu_home / "wisdom.db")) as conn, conn:  # as dedup superseded them
        conn.execute("UPDATE beads SET superseded_by = ? WHERE id = ?", (older, oldest))
        conn.execute("UPDATE beads SET superseded_by = ? WHERE id = ?", (newest, older))

    run = cli("forget", newest, "--yes")

    assert run.code == 0 and "and 2 older version(s) of it" in run.stdout
    assert recalled_ids(cli, "WAL") == [] and cli("status", "--json").json()["beads"] == 0
    assert [e["event"] for e in cli("history", oldest, "--json").json()["events"]][-1] == "deleted"
