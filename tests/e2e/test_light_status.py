"""`abzu status` answered without the container (cli/fast_status.py) prints what the container's
report prints, on the same store: JSON and table, settings from the environment and config.toml,
reviews' spend; a bad setting is still reported by Settings (issue 13.1). The container's door
is forced by giving a setting only Settings checks (`ABZU_REVIEW_TIMEOUT_S`, at its default)."""

import os
import sqlite3
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from tests.no_claude import NO_CLAUDE

pytestmark = pytest.mark.e2e

LAUNCHER = [sys.executable, "-m", "abzu.entrypoints.launcher"]
FULL = {"ABZU_REVIEW_TIMEOUT_S": "60"}


def abzu(args: list[str], home: Path, cwd: Path, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith("ABZU_")}
    return subprocess.run([*LAUNCHER, *args], capture_output=True, text=True, timeout=60, check=False,
                          cwd=cwd, env={**clean, "ABZU_HOME": str(home), "COLUMNS": "100",
                                        "ABZU_CLAUDE_PROJECTS": str(home / "transcripts"),
                                        "ABZU_CLAUDE_EXECUTABLE": NO_CLAUDE, **env})


def review(home: Path, rid: str, kind: str, started: datetime, tokens: int, cost: float) -> None:
    """A finished review in abzu.db's log, as the review writes one (timestamps.py's format)."""
    at = started.replace(tzinfo=None).isoformat(sep=" ", timespec="microseconds")
    with sqlite3.connect(home / "abzu.db") as db:
        db.execute("INSERT INTO review_log (id, kind, reviewer, started_at, finished_at, tokens_in,"
                   " tokens_out, cost_estimate, report) VALUES (?, ?, 'gemini', ?, ?, ?, 0, ?, '{}')",
                   (rid, kind, at, at, tokens, cost))


@pytest.fixture
def store(tmp_path: Path) -> tuple[Path, Path]:
    home, repo = tmp_path / "home", tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    for text, category in (("Pin the sqlite version in CI", "preference"), ("Retry the flaky deploy", "fix")):
        assert abzu(["remember", text, "-c", category], home, repo).returncode == 0
    now = datetime.now(UTC)
    review(home, "r-1", "mini", now - timedelta(seconds=1), 1200, 0.0042)
    review(home, "r-2", "full", now - timedelta(days=40), 9000, 0.5)
    return home, repo


@pytest.mark.parametrize("args", [["status", "--json"], ["status"]])
@pytest.mark.parametrize("env", [
    {}, {"ABZU_REVIEW_MONTHLY_USD": "0", "ABZU_REVIEW_STAGED_LIMIT": "1"},
    {"abzu_review_monthly_tokens": "250000", "ABZU_REVIEW_FULL_DAYS": "7"},
    {"ABZU_CLAUDE_EXECUTABLE": sys.executable},  # "found": distillation on (status never runs it)
])
def test_light_and_full_status_print_the_same(args: list[str], env: dict[str, str],
                                              store: tuple[Path, Path]) -> None:
    light, full = abzu(args, *store, **env), abzu(args, *store, **env, **FULL)
    assert (light.returncode, light.stdout, light.stderr) == (full.returncode, full.stdout, full.stderr)
    assert light.returncode == 0 and "1200" in light.stdout.replace(",", "")  # this month's spend


def test_config_file_settings_are_honoured_alike(store: tuple[Path, Path]) -> None:
    home, repo = store
    (home / "config.toml").write_text("review_mini_days = 1\nreview_monthly_usd = 2.5\n", encoding="utf-8")
    light, full = abzu(["status", "--json"], home, repo), abzu(["status", "--json"], home, repo, **FULL)
    assert light.stdout == full.stdout
    assert '"ceiling_usd": 2.5' in light.stdout


@pytest.mark.parametrize("bad", [{"ABZU_REVIEW_MONTHLY_TOKENS": "-5"}, {"ABZU_REVIEW_MINI_DAYS": "soon"},
                                 {"ABZU_DISTILLER": "nobody"}])
def test_a_bad_setting_is_reported_as_before(bad: dict[str, str], store: tuple[Path, Path]) -> None:
    done = abzu(["status"], *store, **bad)
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.startswith("error: ") and done.stderr.count("\n") == 1


def test_missed_transcripts_are_counted_alike(store: tuple[Path, Path]) -> None:
    home, repo = store
    folder = home / "transcripts" / "-elsewhere"
    folder.mkdir(parents=True)
    line = '{"type": "user", "sessionId": "s-1", "cwd": "%s", "message": {"role": "user", "content": "hi"}}'
    (folder / "s-1.jsonl").write_text(line % repo + "\n", encoding="utf-8")
    light, full = abzu(["status", "--json"], home, repo), abzu(["status", "--json"], home, repo, **FULL)
    assert light.returncode == 0 and '"missed": 1' in light.stdout
    assert light.stdout == full.stdout
