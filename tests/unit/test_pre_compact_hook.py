"""PreCompact records the snapshot request and returns; the snapshot is taken detached."""

import io
import json
import os
from pathlib import Path

import pytest

from abzu.entrypoints.data_home import DataHome
from abzu.entrypoints.hooks import main as hook_main
from abzu.entrypoints.hooks import pre_compact


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> list[tuple[list[str], str | None, str]]:
    calls: list[tuple[list[str], str | None, str]] = []
    monkeypatch.setattr(pre_compact, "start_detached",
                        lambda argv, cwd=None, stdin=None: calls.append((list(argv), cwd, stdin)))
    monkeypatch.setenv("ABZU_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("CLAUDE_PROJECT_DIR", raising=False)
    return calls


def hook(payload: dict[str, object]) -> str:
    out = io.StringIO()
    assert hook_main.main(["pre-compact"], io.StringIO(json.dumps(payload)), out) == 0
    return out.getvalue()


def test_the_request_is_marked_pending_and_the_snapshot_started_in_the_background(
    started: list[tuple[list[str], str | None, str]], tmp_path: Path,
) -> None:
    out = hook({"session_id": "s-1", "hook_event_name": "PreCompact", "trigger": "auto",
                "transcript_path": "-odd.jsonl", "cwd": str(tmp_path)})
    assert out == ""
    [(argv, cwd, job)] = started
    assert argv[-2:] == ["-m", "abzu.entrypoints.background"] and cwd == str(tmp_path)
    assert json.loads(job) == {"job": "snapshot", "session_id": "s-1", "transcript_path": "-odd.jsonl",
                               "trigger": "auto"}
    assert pre_compact.pending_marker(DataHome.at(tmp_path / "home"), "s-1").exists()


def test_a_session_id_that_could_escape_starts_nothing(
    started: list[tuple[list[str], str | None, str]], tmp_path: Path,
) -> None:
    hook({"session_id": "../x --all", "hook_event_name": "PreCompact"})
    assert started == []
    assert "no valid session_id" in (tmp_path / "home" / "abzu.log").read_text(encoding="utf-8")


def test_a_marker_left_by_a_dead_snapshot_is_fresh_again_after_the_next_compaction(
    started: list[tuple[list[str], str | None, str]], tmp_path: Path,
) -> None:
    home = DataHome.at(tmp_path / "home")
    marker = pre_compact.pending_marker(home, "s-1")
    marker.parent.mkdir(parents=True)
    marker.touch()
    os.utime(marker, (0, 0))  # a snapshot run that died long ago: nothing to wait for
    assert pre_compact.wait_for_snapshot(home, "s-1", limit_s=0.0)
    hook({"session_id": "s-1", "hook_event_name": "PreCompact"})
    assert not pre_compact.wait_for_snapshot(home, "s-1", limit_s=0.0)  # this one is on its way
