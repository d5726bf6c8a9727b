"""Bad input and failures reach the model as short tool errors it can act on; nothing hangs."""

import sqlite3
from pathlib import Path

import anyio
import pytest
from dependency_injector import providers
from mcp import Client
from mcp.server import MCPServer

from abzu.entrypoints.mcp_server.runtime import App
from abzu.entrypoints.mcp_server.server import build_server
from abzu.entrypoints.settings import Settings
from abzu.entrypoints.wiring.container import Container, build_container
from tests.mcp_support import call, error, in_session, ok


@pytest.fixture
def server(container: Container) -> MCPServer[App]:
    return build_server(container)


def test_an_unknown_tool_is_a_tool_error_naming_it(server: MCPServer[App]) -> None:
    assert error(call(server, "enki_forget", {"bead_id": "b-1"})) == "Unknown tool: enki_forget"


def test_unknown_category_lists_the_five(server: MCPServer[App]) -> None:
    message = error(call(server, "enki_remember", {"content": "x", "category": "bug"}))
    assert "unknown category 'bug'" in message
    assert "decision, learning, pattern, fix, preference" in message


@pytest.mark.parametrize("content", ["", "   \n\t "])
def test_empty_content_is_refused(server: MCPServer[App], content: str) -> None:
    assert "content is empty" in error(call(server, "enki_remember", {"content": content, "category": "fix"}))


def test_unknown_bead_id_is_named(server: MCPServer[App]) -> None:
    assert "no bead with id 'b-nope'" in error(call(server, "enki_star", {"bead_id": "b-nope"}))


def test_a_candidate_must_be_reviewed_before_starring(server: MCPServer[App]) -> None:
    staged = ok(call(server, "enki_remember", {"content": "Use WAL mode", "category": "learning"}))
    message = error(call(server, "enki_star", {"bead_id": staged["id"]}))
    assert "staged candidate" in message and "reviewed" in message


@pytest.mark.parametrize(("arguments", "expected"), [
    ({"query": "x", "limit": 0}, "greater than or equal to 1"),
    ({"query": "x", "limit": 101}, "less than or equal to 100"),
    ({"query": "x", "scope": "everything"}, "'project' or 'all'"),
    ({}, "query"),
])
def test_bad_recall_arguments_are_explained(server: MCPServer[App], arguments: dict[str, object],
                                             expected: str) -> None:
    assert expected in error(call(server, "enki_recall", arguments))


class _Broken:
    def execute(self, *_args: object) -> None:
        raise RuntimeError("internal detail that must stay in the log")


def test_a_bug_is_logged_with_its_traceback_and_reported_briefly(
    container: Container, abzu_home: Path
) -> None:
    with container.recall.override(providers.Object(_Broken())):
        message = error(call(build_server(container), "enki_recall", {"query": "x"}))
    assert "enki_recall failed unexpectedly (RuntimeError)" in message and "abzu.log" in message
    assert "internal detail" not in message
    log = (abzu_home / "abzu.log").read_text()
    assert "Traceback" in log and "RuntimeError: internal detail that must stay in the log" in log


class _Locked:
    def execute(self, *_args: object) -> None:  # the stores' driver's error
        raise sqlite3.OperationalError("database is locked")


class _Memory:
    def __init__(self, remember: object) -> None:
        self._remember = remember

    def remember(self) -> object:
        return self._remember


def test_a_store_locked_past_the_busy_timeout_asks_to_try_again(container: Container) -> None:
    with container.memory.override(providers.Object(_Memory(_Locked()))):
        message = error(call(build_server(container), "enki_remember", {"content": "x", "category": "fix"}))
    assert "memory store is busy" in message and "try again" in message


def test_settings_that_cannot_load_are_reported_on_the_call(
    abzu_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ABZU_RELEVANCE_FLOOR", "very high")
    message = error(call(build_server(), "enki_status"))
    assert "enki_status failed unexpectedly (ValidationError)" in message and "stderr" in message


def test_an_unusable_store_is_one_line_on_the_call_not_a_dead_server(tmp_path: Path, repo: Path) -> None:
    blocked = tmp_path / "home-is-a-file"
    blocked.write_text("not a folder")
    server = build_server(build_container(Settings(home=blocked), cwd=repo))
    message = error(call(server, "enki_status"))
    assert "cannot create the data folder" in message and "\n" not in message


def test_concurrent_calls_each_get_their_own_unit_of_work(server: MCPServer[App]) -> None:
    async def body(client: Client) -> list[bool]:
        outcomes: list[bool] = []

        async def remember(n: int) -> None:
            result = await client.call_tool(
                "enki_remember", {"content": f"learning number {n} about topic{n}", "category": "learning"})
            outcomes.append(not result.is_error)

        async with anyio.create_task_group() as tg:
            for n in range(24):
                tg.start_soon(remember, n)
        return outcomes

    assert in_session(server, body) == [True] * 24
    assert ok(call(server, "enki_status"))["staged"] == 24
