"""`abzu status` as a new process: settings from config.toml under the environment reach the
report, and a setting Settings refuses is one line (issue 19; formerly with test_light_status)."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.no_claude import NO_CLAUDE

pytestmark = pytest.mark.e2e


def abzu(args: list[str], home: Path, cwd: Path, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith("ABZU_")}
    return subprocess.run([sys.executable, "-m", "abzu.entrypoints.launcher", *args], capture_output=True,
                          text=True, timeout=60, check=False, cwd=cwd,
                          env={**clean, "ABZU_HOME": str(home), "ABZU_CLAUDE_EXECUTABLE": NO_CLAUDE,
                               "ABZU_CLAUDE_PROJECTS": str(home / "transcripts"), **env})


@pytest.fixture
def store(tmp_path: Path) -> tuple[Path, Path]:
    home, repo = tmp_path / "home", tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    assert abzu(["remember", "Pin the sqlite version in CI", "-c", "preference"], home, repo).returncode == 0
    return home, repo


def test_config_file_settings_reach_the_report_under_the_environment(store: tuple[Path, Path]) -> None:
    home, repo = store
    (home / "config.toml").write_text("review_monthly_usd = 2.5\nreview_monthly_tokens = 9\n",
                                      encoding="utf-8")
    done = abzu(["status", "--json"], home, repo, abzu_review_monthly_tokens="250000")
    review = json.loads(done.stdout)["review"]
    assert (review["ceiling_usd"], review["ceiling_tokens"]) == (2.5, 250_000)


@pytest.mark.parametrize("bad", [{"ABZU_REVIEW_MONTHLY_TOKENS": "-5"}, {"ABZU_REVIEW_MINI_DAYS": "soon"},
                                 {"ABZU_DISTILLER": "nobody"}])
def test_a_bad_setting_is_one_line(bad: dict[str, str], store: tuple[Path, Path]) -> None:
    done = abzu(["status"], *store, **bad)
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.startswith("error: ") and done.stderr.count("\n") == 1
