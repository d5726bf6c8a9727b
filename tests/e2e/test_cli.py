"""The four memory commands as a user runs them: readable by default, JSON on request, one-line errors."""

import sqlite3
from pathlib import Path

import pytest
from rich.console import Console

from abzu.entrypoints.cli import render
from abzu.entrypoints.wiring.container import Container
from tests.e2e.cli import Cli

LEARNING, PREFERENCE = "Use WAL for SQLite", "Prefer SQLite WAL mode over rollback journals"


@pytest.fixture
def cli(container: Container, monkeypatch: pytest.MonkeyPatch) -> Cli:
    monkeypatch.setattr(render, "console", Console(width=160))  # a wide terminal: no wrapped text
    return Cli(container)


def test_the_done_when_flow(cli: Cli, abzu_home: Path) -> None:
    staged = cli("remember", LEARNING, "--category", "learning")
    kept = cli("remember", PREFERENCE, "--category", "preference")
    assert (staged.code, kept.code) == (0, 0)
    assert "staging (awaits review) for api" in staged.stdout
    assert "permanent memory (wisdom) for api" in kept.stdout

    results = cli("recall", "sqlite", "--json").json()["results"]
    assert [(r["text"], r["source"], r["reviewed"], r["vouched_by"]) for r in results] == [
        (PREFERENCE, "bead", True, "person"),  # typed by a person: reviewed at once (issue 29)
        (LEARNING, "candidate", False, None),
    ]
    assert results[0]["score"] > results[1]["score"]

    bead_id = results[0]["id"]
    starred = cli("star", bead_id, "--json").json()
    assert (starred["id"], starred["starred"], starred["weight"]) == (bead_id, True, 1.0)

    status = cli("status", "--json").json()
    assert (status["beads"], status["staged"], status["starred"]) == (1, 1, 1)
    assert status["beads_by_category"] == {"preference": 1}
    assert status["staged_by_project"] == {"api": 1}
    assert status["weights"] == {"1.0": 1, "0.5": 0, "0.2": 0, "0.1": 0}
    assert status["last_review_at"] is None
    assert {s["name"]: Path(s["path"]) for s in status["stores"]} == {
        "wisdom": abzu_home / "wisdom.db",
        "staging": abzu_home / "abzu.db",
    }
    assert all(s["size_bytes"] > 0 for s in status["stores"])


def test_recall_prints_a_readable_table_marking_staged_items(cli: Cli) -> None:
    cli("remember", LEARNING, "-c", "learning")
    cli("remember", PREFERENCE, "-c", "preference")
    out = cli("recall", "sqlite").stdout
    assert "Recall: sqlite" in out and "project api" in out
    assert out.index(PREFERENCE) < out.index(LEARNING)
    assert "staged" in out.split(PREFERENCE)[1]
    assert "│" not in out.splitlines()[3]  # simple layout: no cell borders to wade through


def test_remember_takes_the_why_and_recall_shows_the_summary_over_the_whole_text(cli: Cli) -> None:
    cli("remember", LEARNING, "-c", "learning", "--summary", "WAL note",
        "--context", "asked while debugging the nightly importer")
    found = cli("recall", "nightly importer", "--json").json()["results"]
    assert [(r["title"], r["text"]) for r in found] == [("WAL note", LEARNING)]
    assert "WAL note" in cli("recall", "nightly importer").stdout


def test_recall_without_matches_says_so(cli: Cli) -> None:
    run = cli("recall", "nothing-like-this")
    assert (run.code, run.stdout.strip()) == (0, "No memories match 'nothing-like-this' (scope: project).")


def test_json_shapes_are_stable(cli: Cli) -> None:
    remembered = cli("remember", LEARNING, "-c", "fix", "--json").json()
    assert set(remembered) == {"id", "destination", "outcome", "project", "superseded_id", "redactions"}
    assert (remembered["destination"], remembered["outcome"], remembered["project"]) == (
        "staging",
        "stored",
        "api",
    )
    recalled = cli("recall", "wal", "--json").json()
    assert set(recalled) == {"query", "scope", "project", "results"}
    assert set(recalled["results"][0]) == {
        "id",
        "category",
        "project",
        "score",
        "relevance",
        "source",
        "reviewed",
        "title",
        "text",
        "created_at",
        "last_recalled_at",
        "stale",  # issue 16.3: null unless the memory's anchored code changed
        "vouched_by",  # issue 29: agent, person or review for a bead; null for a candidate
        "author",  # issue 32: null unless a team memory
    }
    status = cli("status", "--json").json()
    assert set(status) == {
        "beads",
        "beads_by_category",
        "beads_by_project",
        "staged",
        "staged_by_project",
        "starred",
        "flagged_for_deletion",
        "superseded",
        "weights",
        "last_review_at",
        "stores",
        "sessions",
        "review",
        "semantic",  # null while semantic search is off
    }


def test_remembering_the_same_text_twice_says_it_is_already_known(cli: Cli) -> None:
    first = cli("remember", LEARNING, "-c", "learning", "--json").json()
    again = cli("remember", f"  {LEARNING.lower()}  ", "-c", "learning")
    assert again.stdout.startswith(f"Already remembered as {first['id']}")


def test_a_dash_reads_the_memory_from_stdin(cli: Cli) -> None:
    done = cli(
        "remember", "-", "-c", "fix", "--json", stdin="Pin alembic below 2\nit breaks batch mode\n"
    ).json()
    assert done["outcome"] == "stored"
    assert (
        cli("recall", "alembic", "--json").json()["results"][0]["text"]
        == "Pin alembic below 2\nit breaks batch mode"  # whole, line breaks kept
    )


def test_undecodable_stdin_is_stored_with_replacement_characters(cli: Cli) -> None:
    assert cli("remember", "-", "-c", "fix", stdin=b"caf\xff alembic").code == 0
    assert cli("recall", "alembic", "--json").json()["results"][0]["text"] == "caf\ufffd alembic"


def test_stored_text_is_shown_as_data_not_as_markup(cli: Cli) -> None:
    cli("remember", "[red]alembic[/red] needs batch mode", "-c", "fix")
    assert "[red]alembic[/red] needs batch mode" in cli("recall", "alembic").stdout


def test_options_scope_project_limit_and_global(cli: Cli) -> None:
    cli("remember", "Retry webhooks with jitter", "-c", "pattern", "-p", "web")
    cli("remember", "Retry jobs with jitter everywhere", "-c", "pattern", "--global")
    assert [r["project"] for r in cli("recall", "jitter", "--json").json()["results"]] == [None]
    assert {r["project"] for r in cli("recall", "jitter", "--scope", "all", "--json").json()["results"]} == {
        None,
        "web",
    }
    assert [
        r["project"] for r in cli("recall", "jitter", "-p", "web", "--limit", "1", "--json").json()["results"]
    ] == ["web"]


def staged_candidate(cli: Cli) -> str:
    return str(cli("remember", LEARNING, "-c", "learning", "--json").json()["id"])


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["remember", "x", "-c", "lesson"],
            "error: unknown category 'lesson': use one of decision, learning, pattern, fix, preference",
        ),
        (["remember", " \n ", "-c", "fix"], "error: content is empty: nothing to remember"),
        (
            ["remember", "x" * 8193, "-c", "fix"],
            "error: content is 8193 characters; the limit is 8192 "
            "(split it into smaller memories or summarise it)",
        ),
        (["star", "b-nope"], "error: no bead with id 'b-nope'"),
        (
            ["recall", "x", "--scope", "everywhere"],
            "error: unknown scope 'everywhere': use 'project' or 'all'",
        ),
        (["recall", "x", "--limit", "0"], "error: limit must be between 1 and 100, got 0"),
        (["recall", "x", "--limit", "101"], "error: limit must be between 1 and 100, got 101"),
    ],
)
def test_bad_input_exits_1_with_exactly_one_line_on_stderr(cli: Cli, args: list[str], message: str) -> None:
    run = cli(*args)
    assert (run.code, run.stderr.splitlines(), run.stdout) == (1, [message], "")


def test_starring_a_candidate_explains_it_must_be_reviewed_first(cli: Cli) -> None:
    candidate_id = staged_candidate(cli)
    run = cli("star", candidate_id)
    assert run.code == 1 and len(run.stderr.splitlines()) == 1
    assert (
        run.stderr.startswith(f"error: '{candidate_id}' is a staged candidate")
        and "must be reviewed" in run.stderr
    )


def test_a_store_from_a_newer_abzu_is_one_line_not_a_traceback(cli: Cli, container: Container) -> None:
    assert cli("status").code == 0
    container.shutdown_resources()
    with sqlite3.connect(container.config.wisdom_path()) as conn:
        conn.execute("UPDATE alembic_version SET version_num = 'w9999'")
    run = cli("status")
    assert run.code == 1 and len(run.stderr.splitlines()) == 1
    assert run.stderr.endswith("was written by a newer Abzu (schema w9999): upgrade abzu\n")


@pytest.mark.parametrize(
    ("command", "explains"),
    [
        ([], "Preferences go straight to permanent memory"),
        (["remember"], "preferences go to permanent memory, the rest to staging"),
        (["recall"], "Search permanent memory and staged candidates"),
        (["star"], "it keeps full weight and never decays"),
        (["status"], "Counts, decay weights, staging"),
    ],
)
def test_every_command_explains_itself(cli: Cli, command: list[str], explains: str) -> None:
    run = cli(*command, "--help")
    assert run.code == 0 and explains in " ".join(run.stdout.split())
