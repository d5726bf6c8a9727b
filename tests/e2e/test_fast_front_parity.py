"""The two doors of recall/remember/star/status, run as processes on the same data home: the
launcher's standard-library front and the typer CLI answer each command line with the same exit
code (0, 1 or 2) and the same one-line error (issue 13.1)."""

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.e2e

TYPER = "import sys; from abzu.entrypoints.cli.app import main; sys.argv[0] = 'abzu'; main()"


def both(args: list[str], home: Path, cwd: Path) -> list[tuple[int, str]]:
    env = {**os.environ, "ABZU_HOME": str(home)}
    doors = ([sys.executable, "-m", "abzu.entrypoints.launcher"], [sys.executable, "-c", TYPER])
    runs = [subprocess.run([*door, *args], capture_output=True, text=True, env=env, cwd=cwd, timeout=60,
                           check=False) for door in doors]
    return [(r.returncode, r.stderr.replace("python -m abzu.entrypoints.launcher", "abzu")) for r in runs]


@pytest.mark.parametrize("args", [
    ["recall", "x", "--limit", "0"], ["recall", "x", "--scope", "nowhere"], ["star", "b-nope"],
    ["remember", "x", "-c", "bogus"], ["remember", "   ", "-c", "fix"], ["recall", "x", "--floor", "2"],
    ["recall", "x", "--limit", "many"], ["remember", "no category"], ["status", "--bogus"],
    ["recall", "nothing stored", "--json"],
])
def test_both_doors_give_the_same_exit_code_and_error_line(args: list[str], tmp_path: Path) -> None:
    (tmp_path / "repo" / ".git").mkdir(parents=True)
    fast, typer = both(args, tmp_path / "home", tmp_path / "repo")
    assert fast == typer
    assert fast[0] == 0 or fast[1].count("\n") == 1


def out_of(door: str, args: list[str], home: Path, cwd: Path, stdin: str = "") -> tuple[int, str]:
    """(exit code, stdout) of one door; remembers' fresh ids written as <id>."""
    env = {**os.environ, "ABZU_HOME": str(home)}
    argv = ([sys.executable, "-m", "abzu.entrypoints.launcher"] if door == "fast"
            else [sys.executable, "-c", TYPER])
    done = subprocess.run([*argv, *args], input=stdin, capture_output=True, text=True, env=env, cwd=cwd,
                          timeout=60, check=False)
    return done.returncode, re.sub(r"\b[bc]-[0-9a-f]{12}\b", "<id>", done.stdout)


def twin_homes(tmp_path: Path) -> tuple[Path, Path, Path]:
    """Two copies of one seeded data home (so neither door sees the other's recall stamps)."""
    repo, home = tmp_path / "repo", tmp_path / "home"
    (repo / ".git").mkdir(parents=True)
    for text, category in (("Pin the sqlite version in CI", "decision"),
                           ("The sqlite WAL file grows until a checkpoint", "learning"),
                           ("Prefer sqlite3 over SQLAlchemy on hot paths", "preference")):
        assert out_of("typer", ["remember", text, "-c", category], home, repo)[0] == 0
    shutil.copytree(home, tmp_path / "twin")
    return repo, home, tmp_path / "twin"


@pytest.mark.parametrize("args", [
    ["recall", "sqlite", "--json"], ["recall", "sqlite", "--scope", "all", "--limit", "2", "--json"],
    ["recall", "nothing like it", "--json"], ["star", "--json", "b-nope"],
    ["remember", "Rotate the staging token every week", "-c", "decision", "--json"],
    ["remember", "Pin the sqlite version in CI", "-c", "decision"],  # a duplicate: skipped
    ["remember", "-", "--category", "fix", "--tag", "ci", "--summary", "ci pin"],
])
def test_both_doors_print_the_same_answer_byte_for_byte(args: list[str], tmp_path: Path) -> None:
    """A plain recall is text on the fast door and a table on typer's (by design): its JSON is
    compared; remember's and star's text is the same on both."""
    repo, home, twin = twin_homes(tmp_path)
    stdin = "Retry the flaky sqlite test once, password=hunter2hunter2\n"
    fast, typer = out_of("fast", args, home, repo, stdin), out_of("typer", args, twin, repo, stdin)
    assert fast == typer
    assert fast[0] == 1 or fast[1].strip()
