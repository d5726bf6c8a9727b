"""Which distiller `ABZU_DISTILLER` (or config.toml's `distiller`) builds; Gemini over a fake transport."""

import json
from pathlib import Path

import httpx2
import pytest

from abzu.application.extraction.distill import DistillAnswer, DistillRequest
from abzu.application.remember import RememberRequest
from abzu.entrypoints.settings import Settings
from abzu.entrypoints.wiring.container import Container
from abzu.entrypoints.wiring.distill import build_distiller, distill_session
from tests.integration.test_gemini_distiller import answer
from tests.integration.test_gemini_reviewer import Transport


@pytest.fixture(autouse=True)
def no_keys(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("GEMINI_API_KEY", "GOOGLE_API_KEY", "ABZU_GEMINI_API_KEY", "ABZU_GOOGLE_API_KEY"):
        monkeypatch.delenv(name, raising=False)


def test_off_builds_nothing_and_claude_code_builds_the_cli_distiller(tmp_path: Path) -> None:
    assert build_distiller(Settings(home=tmp_path)) is None
    claude = build_distiller(Settings(home=tmp_path, distiller="claude-code"))
    assert claude is not None and claude.name == "claude-code"


def test_gemini_from_config_toml_without_a_key_fails_each_run_and_says_why(
    tmp_path: Path, container: Container, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "config.toml").write_text('distiller = "gemini"\n')
    monkeypatch.setenv("ABZU_CONFIG", str(tmp_path / "config.toml"))
    settings = Settings()
    assert settings.distiller == "gemini"
    request = DistillRequest("s1", "p", "summary", ())
    outcome = distill_session(container.lifecycle(), settings).execute(request)
    assert (outcome.status, outcome.detail) == (
        "failed", "Gemini is not configured: no GEMINI_API_KEY or GOOGLE_API_KEY")


def test_gemini_with_a_key_stages_its_items_and_logs_its_tokens(tmp_path: Path, container: Container) -> None:
    item = {"category": "decision", "content": "Transcripts are mined by the detached finalize only.",
            "summary": "mining is detached"}
    transport = Transport(answer(json.dumps({"items": [item]}), total=1234))
    settings = Settings(home=tmp_path, distiller="gemini", gemini_api_key="test-key", distill_model="g-test")
    fake = httpx2.Client(transport=httpx2.MockTransport(transport))
    distiller = build_distiller(settings, httpx_client=fake)
    request = DistillRequest("s1", "p", "summary", ())
    outcome = distill_session(container.lifecycle(), settings, distiller).execute(request)
    assert (outcome.status, outcome.created, outcome.tokens) == ("ok", 1, 1234)
    assert transport.requests[0].url.path.endswith("/models/g-test:generateContent")
    assert [c.content for c in container.review.get_staged_candidates().execute("p")] == [item["content"]]


@pytest.mark.parametrize(("given", "found", "said"), [
    ({}, True, "on (claude-code)"), ({}, False, "auto: {claude} not found"),
    ({"distiller": "off"}, True, "off"), ({"distiller": "gemini"}, False, "on (gemini)"),
])
def test_status_says_whether_distillation_runs(tmp_path: Path, given: dict[str, str], found: bool,
                                               said: str) -> None:
    from abzu.entrypoints.status_report import full_status
    from abzu.entrypoints.wiring.container import build_container

    claude = tmp_path / "claude"
    if found:
        claude.write_text("#!/bin/sh\nexit 0\n")
        claude.chmod(0o700)
    container = build_container(Settings(home=tmp_path / "home", claude_executable=str(claude), **given),
                                cwd=tmp_path)
    try:
        sessions = full_status(container).sessions
        assert sessions is not None and sessions.distillation == said.format(claude=claude)
    finally:
        container.shutdown_resources()


def test_the_suite_never_reaches_a_real_claude() -> None:
    """Distillation is on by default where `claude` is found: tests/conftest.py points it nowhere."""
    assert Settings().distiller_in_use is None


def test_the_distiller_is_shown_the_projects_reviewed_beads_closest_to_the_session(
    container: Container, tmp_path: Path
) -> None:
    from abzu.application.sessions.finalize_session import Finalized
    from abzu.domain.sessions.summary import SessionSummary
    from abzu.entrypoints.wiring.distill import distill_after

    project = container.remember().execute  # a reviewed bead of project "api" (preferences go straight in)
    for content in ("Always run the migrations with alembic upgrade head before the tests",
                    "Never deploy on Fridays"):
        project(RememberRequest(content=content, category="preference", project="api"))
    seen: list[str] = []

    class Recording:
        name = "recording"

        def distill(self, prompt_text: str) -> DistillAnswer:
            seen.append(prompt_text)
            return DistillAnswer([])

    summary = SessionSummary(id="f-1", session_id="s1", project="api", sequence=1,
                             created_at=container.clock().now(),
                             operational_state="Ran alembic migrations; tests pass", is_final=True)
    done = Finalized("s1", summary, 0, 0, 0, None)
    distill_after(container.lifecycle(), Settings(home=tmp_path), done, Recording())
    reviewed = seen[0].split("reviewed (do not repeat):\n<data>\n")[1].split("</data>")[0]
    assert "alembic upgrade head" in reviewed and "Fridays" not in reviewed
