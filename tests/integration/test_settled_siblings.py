"""Issue 29.10: a session that never ended stops slowing every later start once recovery has
settled it.

A crashed session left a transcript newer than the project's last summary (here one with
nothing worth a summary, so recovery finalises it without one). The first start after it runs
live and its detached `recover` settles it; from then on the `recover` each start launches must
find nothing to do, even though the earlier starts of this run never ended (sessions still open
beside it).
"""

import io
import json
import os
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from dependency_injector import providers

from abzu.adapters.workspace import GitWorkspace
from abzu.application.sessions.finalize_session import FinalizeRequest
from abzu.application.sessions.update_pre_compact_summary import PreCompactSnapshot
from abzu.domain.sessions.record import HookEvent, SessionEvent
from abzu.entrypoints.hooks import main, session_start
from abzu.entrypoints.settings import Settings
from abzu.entrypoints.wiring.container import Container, build_container
from tests.e2e.cli import Cli
from tests.fakes import FixedClock

CRASHED = "0b5e1a2c-0000-4000-8000-000000000001"


@pytest.fixture
def projects(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "claude-projects"
    monkeypatch.setenv("ABZU_CLAUDE_PROJECTS", str(folder))
    (folder / "-src-api").mkdir(parents=True)
    return folder


@pytest.fixture
def world(abzu_home: Path, repo: Path, projects: Path) -> Iterator[Container]:
    container = build_container(Settings(home=abzu_home, claude_projects=projects), cwd=repo)
    yield container
    container.shutdown_resources()


@pytest.fixture(autouse=True)
def no_detached(monkeypatch: pytest.MonkeyPatch) -> None:
    """Detached processes are not started: the test runs each start's `recover` itself."""
    monkeypatch.setattr(session_start, "start_detached", lambda argv, cwd=None, stdin=None: None)


def _earlier_session(container: Container, now: datetime) -> None:
    """A session of the project that ended with a summary three hours ago."""
    container.clock.override(providers.Object(FixedClock(now - timedelta(hours=3))))
    with container.sessions.uow() as uow:
        root = GitWorkspace(Path(container.config.cwd())).root()
        uow.sessions.record(SessionEvent("s-earlier", HookEvent.SESSION_START, now - timedelta(hours=3),
                                         None, root), "api")
        uow.commit()
    notes = "Last request: rotate the tokens\nOutcome: Done."
    snapshot = PreCompactSnapshot("s-earlier", notes, None, "api")
    container.sessions.update_pre_compact_summary().execute(snapshot)
    container.sessions.finalize_session().execute(FinalizeRequest("s-earlier"))
    container.clock.reset_override()


def _crashed_session(container: Container, folder: Path, repo: Path, now: datetime) -> None:
    """Started two hours ago, wrote a transcript with nothing to summarise, never ended."""
    path = folder / "-src-api" / f"{CRASHED}.jsonl"
    path.write_text(json.dumps({"type": "file-history-snapshot", "messageId": "m1", "snapshot": {}}) + "\n",
                    encoding="utf-8")
    then = (now - timedelta(hours=2)).timestamp()
    os.utime(path, (then, then))
    container.sessions.journal().record_event(SessionEvent(
        CRASHED, HookEvent.SESSION_START, now - timedelta(hours=2), str(path), str(repo), None, "startup"))


def _start(container: Container, repo: Path, folder: Path, n: int) -> tuple[bool, str]:
    """A new session starts (the hook, in process), then the `recover` it launched runs.
    (whether it found nothing to do, the briefing)."""
    sid = f"0b5e1a2c-0000-4000-8000-0000000001{n:02d}"
    payload = {"session_id": sid, "cwd": str(repo), "source": "startup", "hook_event_name": "SessionStart",
               "transcript_path": str(folder / "-src-api" / f"{sid}.jsonl")}
    out = io.StringIO()
    main.main(["session-start"], stdin=io.StringIO(json.dumps(payload)), stdout=out)
    assert "[abzu-memory]" in out.getvalue()
    done = Cli(container)("recover", "--exclude", sid)
    assert done.code == 0
    return done.stdout == "recovered 0 session(s)\n", out.getvalue()  # nothing due, nothing missed


def test_once_recovery_settled_a_crashed_sibling_no_later_start_recovers_again(
    world: Container, repo: Path, projects: Path,
) -> None:
    now = datetime.now(UTC)
    _earlier_session(world, now)
    _crashed_session(world, projects, repo, now)

    assert _start(world, repo, projects, 1)[0] is False  # the crashed one is due: settled here

    later = [_start(world, repo, projects, n) for n in range(2, 6)]

    assert [idle for idle, _ in later] == [True] * 4  # nothing recovered again, nor the sessions left open
    assert not any(CRASHED in text for _, text in later)
