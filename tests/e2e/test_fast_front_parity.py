"""The two doors of recall/remember/star/status, run as processes on the same data home: the
launcher's standard-library front and the typer CLI answer each command line with the same exit
code (0, 1 or 2) and the same one-line error (issue 13.1)."""

import os
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
