"""Which distiller `ABZU_DISTILLER` (or config.toml's `distiller`) builds; Gemini over a fake transport."""

import json
from pathlib import Path

import httpx2
import pytest

from abzu.application.extraction.distill import DistillRequest
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
    outcome = distill_session(container, settings).execute(DistillRequest("s1", "p", "summary", ()))
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
    outcome = distill_session(container, settings, distiller).execute(request)
    assert (outcome.status, outcome.created, outcome.tokens) == ("ok", 1, 1234)
    assert transport.requests[0].url.path.endswith("/models/g-test:generateContent")
    assert [c.content for c in container.get_staged_candidates().execute("p")] == [item["content"]]
