"""A stale rendered pack is re-taken by the background `abzu recover` that has nothing to recover,
so the session starts after a remember read the pack again; a fresh one is left alone, and a
re-take already under way is not repeated (issue 13)."""

import json
import os
import sqlite3
import subprocess
import sys
import time
from contextlib import closing
from dataclasses import replace
from pathlib import Path

import pytest

from abzu.application.remember import RememberRequest
from abzu.application.sessions.inject_session_start import SessionStartRequest
from abzu.entrypoints import pack_retake
from abzu.entrypoints.data_home import DataHome
from abzu.entrypoints.hooks import fast_start
from abzu.entrypoints.pack_retake import pack_is_fresh, retake_if_stale
from abzu.entrypoints.wiring.container import Container
from abzu.entrypoints.wiring.light import LightUseCases

FENCE = "memory-0123abcd"
SNAPSHOT_SOURCE = (Path(__file__).parents[1] / "fixtures" / "claude-jsonl" / "claude-code-viewer"
                   / "5c0375b4-57a5-4f26-b12d-d022ee4e51b7.jsonl")


@pytest.fixture
def home(container: Container, abzu_home: Path, repo: Path) -> DataHome:
    """Stores with a memory and a pack taken as finalisation takes it."""
    remember(container, "Token rotation runs hourly through the cron job")
    layout = DataHome.at(abzu_home)
    assert LightUseCases.for_hook(layout, repo).write_pack()
    return layout


@pytest.fixture(autouse=True)
def no_recovery_launched(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fast_start, "start_detached", lambda argv, cwd=None: None)


def remember(container: Container, text: str) -> None:
    request = RememberRequest(text, "preference", None, None, (), False)
    assert container.memory().remember().execute(request).unwrap()


def fresh(home: DataHome, repo: Path) -> bool:
    root = str(repo)
    return pack_is_fresh(home, root, time.time())


def test_a_stale_pack_is_retaken_and_then_shows_what_a_live_start_shows(
    home: DataHome, repo: Path, container: Container,
) -> None:
    remember(container, "Cache keys carry the schema version")
    assert not fresh(home, repo)
    assert retake_if_stale(home, repo) == "taken"
    raw = json.dumps({"session_id": "s-new", "cwd": str(repo), "source": "startup"})
    now = container.clock().now()
    out = fast_start.run(raw, home, fence=FENCE, now=now)
    assert out is not None
    light = LightUseCases.for_hook(home, repo)
    live = replace(light.session_start(), fences=lambda: FENCE)
    shown = live.execute(SessionStartRequest("s-live", "startup")).text
    assert out["hookSpecificOutput"]["additionalContext"] == shown
    assert "Cache keys carry the schema version" in shown


def test_a_fresh_pack_is_not_rendered_again(home: DataHome, repo: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    block = fast_start.block_path(home, str(repo))
    before = block.stat()
    monkeypatch.setattr(LightUseCases, "write_pack", lambda self: pytest.fail("rendered a fresh pack"))
    assert retake_if_stale(home, repo) == "fresh"
    assert block.stat().st_ino == before.st_ino and block.stat().st_mtime_ns == before.st_mtime_ns


def test_a_retake_under_way_is_left_to_its_holder_unless_its_lock_was_abandoned(
    home: DataHome, repo: Path, container: Container,
) -> None:
    remember(container, "Cache keys carry the schema version")
    lock = pack_retake._lock_path(home, str(repo))
    lock.write_text("12345", encoding="utf-8")
    assert retake_if_stale(home, repo) == "busy" and not fresh(home, repo)
    long_ago = time.time() - 2 * pack_retake.LOCK_STALE_S
    os.utime(lock, (long_ago, long_ago))
    assert retake_if_stale(home, repo) == "taken" and fresh(home, repo)
    assert not lock.exists()


def test_the_idle_recover_command_retakes_the_stale_pack(
    home: DataHome, repo: Path, container: Container,
) -> None:
    remember(container, "Cache keys carry the schema version")
    assert not fresh(home, repo)
    argv = [sys.executable, "-m", "abzu.entrypoints.launcher", "recover", "--exclude", "s-new"]
    done = subprocess.run(argv, capture_output=True, text=True, timeout=120, check=False, cwd=repo)
    assert (done.returncode, done.stdout, done.stderr) == (0, "recovered 0 session(s)\n", "")
    assert fresh(home, repo)


def test_a_pre_compact_snapshot_leaves_the_pack_retaken(home: DataHome, repo: Path, tmp_path: Path) -> None:
    lines = SNAPSHOT_SOURCE.read_text(encoding="utf-8").splitlines(keepends=True)[:30]
    transcript = tmp_path / "s-open.jsonl"
    transcript.write_text("".join(lines), encoding="utf-8")
    argv = [sys.executable, "-m", "abzu.entrypoints.launcher", "snapshot", "s-open",
            f"--transcript={transcript}"]
    done = subprocess.run(argv, capture_output=True, text=True, timeout=120, check=False, cwd=repo)
    assert (done.returncode, done.stderr) == (0, "")
    with closing(sqlite3.connect(home.staging)) as db:  # it moved the marks the pack was taken at
        taken = db.execute("SELECT count(*) FROM session_summaries WHERE session_id = 's-open'").fetchone()
    assert taken == (1,)
    assert fresh(home, repo)
