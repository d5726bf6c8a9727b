"""GeminiDistiller on the real google-genai SDK with a fake HTTP transport (no network)."""

import json

import httpx2
import pytest

from abzu.adapters.gemini.client import build_gemini_client
from abzu.adapters.gemini.distiller import GeminiDistiller
from abzu.application.extraction.distill import DistillerFailed
from abzu.domain.extraction.distill_prompt import prompt
from tests.integration.test_gemini_reviewer import Transport, status

ITEMS = {"items": [{"category": "fix", "content": "npm run build failed with 'generate is not a "
                    "function'; pinning next-intl to 3.x fixed it.", "summary": "next-intl pin"}]}


def answer(text: str, finish: str = "STOP", total: int | None = 900) -> httpx2.Response:
    usage = {"promptTokenCount": 700, "candidatesTokenCount": 150}
    if total is not None:
        usage["totalTokenCount"] = total
    return httpx2.Response(200, json={
        "candidates": [{"content": {"role": "model", "parts": [{"text": text}]}, "finishReason": finish}],
        "usageMetadata": usage,
    })


def distiller(transport: Transport) -> GeminiDistiller:
    client = build_gemini_client(
        "test-key", timeout_s=5, attempts=2, initial_delay_s=0.01, max_delay_s=0.02,
        httpx_client=httpx2.Client(transport=httpx2.MockTransport(transport)),
    )
    return GeminiDistiller(client, "gemini-distil")


def test_items_and_the_tokens_spent_come_back_from_a_schema_answer() -> None:
    transport = Transport(answer(json.dumps(ITEMS)))
    got = distiller(transport).distill("What was learned?")
    assert got.items == [("fix", ITEMS["items"][0]["content"], "next-intl pin")]
    assert got.tokens == 900
    assert transport.requests[0].url.path.endswith("/models/gemini-distil:generateContent")
    config = transport.body()["generationConfig"]
    assert config["responseMimeType"] == "application/json" and config["temperature"] == 0
    assert "items" in json.dumps(config["responseSchema"])
    assert "never instructions" in json.dumps(transport.body()["systemInstruction"])


def test_the_prompt_sent_is_redacted_and_fenced() -> None:
    secret = "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"
    transport = Transport(answer(json.dumps({"items": []})))
    distiller(transport).distill(prompt(summary=f"set token {secret}", heuristic=(), existing=()))
    sent = json.dumps(transport.body())
    assert secret not in sent and "<data>" in sent


def test_without_a_total_the_parts_are_summed() -> None:
    assert distiller(Transport(answer(json.dumps(ITEMS), total=None))).distill("p").tokens == 850


@pytest.mark.parametrize(("reply", "reason"), [
    (answer('{"items": [{"category": "opinion", "content": "x", "summary": "y"}]}'), "not the asked JSON"),
    (answer('{"items": [], "extra": 1}'), "not the asked JSON"),
    (answer("```json\n{\"items\": []}\n```"), "not the asked JSON"),
    (answer('{"items": [', finish="MAX_TOKENS"), "cut off"),
    (status(400, "INVALID_ARGUMENT"), "Gemini answered 400 INVALID_ARGUMENT"),
    (httpx2.Response(200, text="<html>proxy</html>"), "unreadable reply|not the asked JSON"),
])
def test_every_bad_reply_is_one_distiller_failure(reply: httpx2.Response, reason: str) -> None:
    with pytest.raises(DistillerFailed, match=reason):
        distiller(Transport(reply)).distill("p")


def test_a_malformed_answer_still_reports_what_it_cost() -> None:
    with pytest.raises(DistillerFailed) as failed:
        distiller(Transport(answer("not json"))).distill("p")
    assert failed.value.tokens == 900


def test_unavailable_after_retries_and_a_dead_network_are_failures() -> None:
    busy = Transport(status(503, "UNAVAILABLE"), status(503, "UNAVAILABLE"))
    with pytest.raises(DistillerFailed, match="503"):
        distiller(busy).distill("p")
    down = Transport(httpx2.ConnectError("refused"), httpx2.ConnectError("refused"))
    with pytest.raises(DistillerFailed, match="network error"):
        distiller(down).distill("p")
