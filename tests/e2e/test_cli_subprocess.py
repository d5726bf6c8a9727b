"""The installed `abzu` command, run as a user would, with its data home in a temporary folder."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ABZU = Path(sys.executable).with_name("abzu")


def abzu(*args: str, home: Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "ABZU_HOME": str(home), "COLUMNS": "160"}
    return subprocess.run([str(ABZU), *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=60)


@pytest.mark.slow
def test_the_installed_command_remembers_recalls_stars_and_reports(tmp_path: Path) -> None:
    home, repo = tmp_path / "home", tmp_path / "src" / "api"
    (repo / ".git").mkdir(parents=True)

    staged = abzu("remember", "Use WAL for SQLite", "--category", "learning", home=home, cwd=repo)
    kept = abzu("remember", "Prefer SQLite WAL mode", "--category", "preference", home=home, cwd=repo)
    assert (staged.returncode, kept.returncode) == (0, 0), staged.stderr + kept.stderr
    assert "staging" in staged.stdout and "permanent memory" in kept.stdout

    recalled = abzu("recall", "sqlite", home=home, cwd=repo)
    assert recalled.returncode == 0 and "Prefer SQLite WAL mode" in recalled.stdout
    assert recalled.stdout.index("Prefer SQLite WAL mode") < recalled.stdout.index("Use WAL for SQLite")

    bead_id = json.loads(abzu("recall", "sqlite", "--json", home=home, cwd=repo).stdout)["results"][0]["id"]
    assert abzu("star", bead_id, home=home, cwd=repo).returncode == 0
    status = json.loads(abzu("status", "--json", home=home, cwd=repo).stdout)
    assert (status["beads"], status["staged"], status["starred"]) == (1, 1, 1)
    assert sorted(p.name for p in home.iterdir() if p.suffix == ".db") == ["abzu.db", "wisdom.db"]

    failed = abzu("star", "b-missing", home=home, cwd=repo)
    assert (failed.returncode, failed.stderr, failed.stdout) == (
        1,
        "error: no bead with id 'b-missing'\n",
        "",
    )


@pytest.mark.slow
@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["recall", "x", "--limit", "abc"], "Invalid value for '--limit': 'abc' is not a valid int."),
        (["recall", "x", "--floor", "2"], "'--floor': 2.0 is not in the range 0.0<=x<=1.0."),
        (["remember", "no category given"], "Missing option '--category'"),
        (["frobnicate", "b-1"], "No such command 'frobnicate'"),
    ],
)
def test_a_usage_error_is_one_line_and_exit_2(tmp_path: Path, args: list[str], message: str) -> None:
    done = abzu(*args, home=tmp_path / "home", cwd=tmp_path)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and done.stderr.startswith("error: ") and message in done.stderr


@pytest.mark.parametrize(("args", "listed"), [([], "remember"), (["team"], "push"), (["eval"], "locomo")])
def test_a_group_alone_shows_its_help_and_succeeds(tmp_path: Path, args: list[str], listed: str) -> None:
    done = abzu(*args, home=tmp_path / "home", cwd=tmp_path)
    assert done.returncode == 0 and done.stdout.count("Usage:") == 1 and listed in done.stdout


@pytest.mark.parametrize("args", [["recall", "sqlite"], ["status"], ["remember", "Use WAL", "-c", "fix"]])
def test_a_store_replaced_by_garbage_is_named_in_one_line(tmp_path: Path, args: list[str]) -> None:
    home, repo = tmp_path / "home", tmp_path / "repo"
    repo.mkdir()
    assert abzu("remember", "Prefer SQLite WAL mode", "-c", "preference", home=home, cwd=repo).returncode == 0
    for suffix in ("-wal", "-shm"):
        (home / f"abzu.db{suffix}").unlink(missing_ok=True)
    (home / "abzu.db").write_bytes(b"garbage" * 1000)

    failed = abzu(*args, home=home, cwd=repo)

    assert failed.returncode == 1 and failed.stdout == ""
    assert failed.stderr.splitlines() == [
        f"error: {home / 'abzu.db'} cannot be opened as Abzu's staging store: file is not a database"]
