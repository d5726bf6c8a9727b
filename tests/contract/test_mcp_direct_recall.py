"""`enki_recall` answered beside the SDK (mcp_server/direct.py) is the SDK server's own answer,
field for field; what the direct path refuses is left to the SDK, whose answer then applies."""

import json
from typing import Any

import anyio
import pytest
from dependency_injector import providers
from returns.result import Failure, Result

from abzu.application.recall import RecallRequest
from abzu.application.remember import RememberRequest
from abzu.domain.enki.consumers import Consumer
from abzu.domain.errors import InvalidLimit
from abzu.entrypoints.mcp_server import answers
from abzu.entrypoints.mcp_server.direct import DirectRecall
from abzu.entrypoints.mcp_server.handshake_render import exchange
from abzu.entrypoints.mcp_server.runtime import App
from abzu.entrypoints.mcp_server.server import build_server
from abzu.entrypoints.wiring.container import Container
from tests.fakes import FixedClock

INITIALIZE = {"protocolVersion": "2025-06-18", "capabilities": {},
              "clientInfo": {"name": "t", "version": "0"}}
NOTES = [("Run alembic upgrade before the API starts", "fix", None),
         ("SQLite WAL mode needs a checkpoint after bulk loads", "learning", "infra"),
         ("Quote <b>markup</b> and ünïcode in notes", "decision", None)]


@pytest.fixture
def stocked(container: Container, monkeypatch: pytest.MonkeyPatch) -> Container:
    """Notes in two projects; a fixed clock and fence, so two recalls of one query are equal."""
    container.clock.override(providers.Object(FixedClock()))
    monkeypatch.setattr(answers, "new_fence", lambda: "memory-fixed")
    for content, category, project in NOTES:
        container.memory().remember().execute(RememberRequest(content, category, project))
    return container


def call_line(arguments: Any, ident: Any = 7, name: str = "enki_recall", **extra: Any) -> bytes:
    params = {"name": name, "arguments": arguments, **extra}
    return json.dumps({"jsonrpc": "2.0", "id": ident, "method": "tools/call", "params": params}).encode()


def sdk_answer(container: Container, line: bytes, consumer: Consumer = Consumer.AGENT) -> dict[str, Any]:
    opening = [json.dumps({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": INITIALIZE}),
               json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"})]
    _init, answer = anyio.run(exchange, build_server(container, consumer), [*opening, line.decode()])
    return answer


def direct(container: Container, line: bytes, consumer: Consumer = Consumer.AGENT) -> bytes | None:
    return DirectRecall(App(lambda: container, owns_container=False, consumer=consumer)).take(line)


@pytest.mark.parametrize("arguments", [
    {"query": "alembic upgrade"},
    {"query": "sqlite wal", "scope": "all"},
    {"query": "checkpoint", "project": "infra", "limit": 1},
    {"query": "markup ünïcode", "scope": "project", "project": None, "limit": 100},
    {"query": "nothing matches this"},
])
def test_direct_answers_equal_the_sdk_servers(stocked: Container, arguments: dict[str, Any]) -> None:
    line = call_line(arguments)
    answer = direct(stocked, line)
    assert answer is not None and answer.endswith(b"\n") and answer.count(b"\n") == 1
    assert json.loads(answer) == sdk_answer(stocked, line)


def test_a_string_id_and_request_meta_are_answered_too(stocked: Container) -> None:
    line = call_line({"query": "alembic"}, ident="req-1", _meta={"progressToken": 3})
    answer = direct(stocked, line)
    assert answer is not None and json.loads(answer) == sdk_answer(stocked, line)


@pytest.mark.parametrize("line", [
    call_line({"query": "x", "limit": 0}),
    call_line({"query": "x", "limit": "5"}),  # the SDK coerces it: its answer, not ours
    call_line({"query": "x", "limit": True}),
    call_line({"query": "x", "scope": "everything"}),
    call_line({"query": ""}),
    call_line({"query": "x", "extra": 1}),
    call_line({}),
    call_line({"query": "x"}, ident=None),
    call_line({"query": "x"}, name="enki_status"),
    b'{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "enki_recall",',
    b'[{"jsonrpc": "2.0", "id": 1, "method": "ping"}]',
    b'{"jsonrpc": "2.0", "id": 1, "method": "ping"}',
])
def test_anything_but_a_plain_recall_is_left_to_the_sdk(stocked: Container, line: bytes) -> None:
    assert direct(stocked, line) is None


class Counted:
    """A recall that fails, counting its runs: `failure` or else an unexpected exception."""

    def __init__(self, failure: InvalidLimit | None) -> None:
        self.failure, self.runs = failure, 0

    def execute(self, request: RecallRequest) -> Result[object, InvalidLimit]:
        self.runs += 1
        if self.failure is None:
            raise RuntimeError("disk gone")
        return Failure(self.failure)


@pytest.mark.parametrize("failure", [InvalidLimit(0), None], ids=["refused", "broken store"])
def test_a_failed_recall_is_answered_once_with_the_sdks_error(stocked: Container,
                                                              failure: InvalidLimit | None) -> None:
    line = call_line({"query": "alembic"})
    recall = Counted(failure)
    with stocked.recall.override(providers.Object(recall)):
        sdk = sdk_answer(stocked, line)
        answer = direct(stocked, line)
    assert answer is not None and json.loads(answer) == sdk and recall.runs == 2  # once each
    assert sdk["result"]["isError"] is True
    assert sdk["result"]["content"][0]["text"].startswith("Error executing tool enki_recall: ")
