"""What keeps Abzu's own distiller (`claude -p`) out of its memory (issue 29.1), below the CLI."""

import io
from datetime import UTC, datetime

import pytest

from abzu.application.sessions.recent_sessions import RecentSessions
from abzu.domain.extraction.distill_prompt import prompt
from abzu.domain.extraction.distiller_child import CHILD_VARIABLE, is_distiller_prompt
from abzu.domain.sessions.record import FinalizedBy, HookEvent, SessionEvent
from abzu.entrypoints.hooks.main import main as hook_main
from tests.fakes import FixedClock
from tests.session_fakes import FakeSessionUnitOfWork


class Untouchable(io.StringIO):
    def read(self, size: int | None = -1) -> str:
        raise AssertionError("the payload was read")


def test_a_hook_run_by_the_distiller_child_reads_nothing_and_says_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv(CHILD_VARIABLE, "1")
    out = io.StringIO()
    assert hook_main(["session-start"], stdin=Untouchable(), stdout=out) == 0
    assert out.getvalue() == ""


def test_the_distillation_request_is_recognised_by_its_first_line_only() -> None:
    request = prompt(summary="Fixed the build", heuristic=(), existing=())
    assert is_distiller_prompt(request) and is_distiller_prompt("\n  " + request)
    assert not is_distiller_prompt("Please explain: " + request)
    assert not is_distiller_prompt("You distill things")


def test_the_sessions_list_never_shows_a_session_the_distiller_ran_as() -> None:
    uow, at = FakeSessionUnitOfWork(), datetime(2026, 5, 1, tzinfo=UTC)
    for sid in ("user-session", "child-session"):
        start = SessionEvent(sid, HookEvent.SESSION_START, at, f"/t/{sid}.jsonl", "/src/api")
        uow.sessions.record(start, "api")
        uow.sessions.mark_finalized(sid, at=at, by=FinalizedBy.SESSION_END)
    uow.sessions.children.add("child-session")
    seen = RecentSessions(uow, FixedClock(at)).execute()
    assert [s.record.session_id for s in seen] == ["user-session"]
