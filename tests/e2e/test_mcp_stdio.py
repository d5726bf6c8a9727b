"""`abzu mcp` as a real subprocess over stdio, the way Claude Code runs it."""

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client, StdioServerParameters
from mcp.types import CallToolResult

from tests.mcp_support import error, ok

pytestmark = pytest.mark.slow
ABZU = str(Path(sys.executable).parent / "abzu")
INITIALIZE = {"protocolVersion": "2025-06-18", "capabilities": {},
              "clientInfo": {"name": "t", "version": "0"}}


def test_a_client_remembers_then_recalls_over_stdio(abzu_home: Path, repo: Path) -> None:
    params = StdioServerParameters(
        command=ABZU, args=["mcp"], cwd=repo,
        env={"ABZU_HOME": str(abzu_home), "CLAUDE_PROJECT_DIR": str(repo)},
    )

    async def session() -> tuple[set[str], dict[str, object], dict[str, object]]:
        async with Client(params, mode="legacy", read_timeout_seconds=30) as client:
            names = {t.name for t in (await client.list_tools()).tools}
            stored = ok(await client.call_tool(
                "enki_remember", {"content": "Run alembic upgrade before the API starts", "category": "fix"}))
            found = ok(await client.call_tool("enki_recall", {"query": "alembic upgrade"}))
            return names, stored, found

    names, stored, found = anyio.run(session)
    assert names == {"enki_remember", "enki_recall", "enki_star", "enki_status"}
    [hit] = found["results"]  # type: ignore[misc]
    assert (hit["id"], hit["project"], hit["reviewed"]) == (stored["id"], "api", False)
    assert "Run alembic upgrade before the API starts" in hit["text"]
    assert (abzu_home / "abzu.db").is_file()


def test_concurrent_calls_and_an_unknown_tool_through_the_official_client(
    abzu_home: Path, repo: Path
) -> None:
    """What Claude Code does: several calls in flight at once on one session, and a call to a tool
    the server does not have (a stale tool list), which is a tool error, not a dead session."""
    params = StdioServerParameters(
        command=ABZU, args=["mcp"], cwd=repo,
        env={"ABZU_HOME": str(abzu_home), "CLAUDE_PROJECT_DIR": str(repo)},
    )

    async def session() -> tuple[list[CallToolResult], CallToolResult, dict[str, Any]]:
        async with Client(params, mode="legacy", read_timeout_seconds=60) as client:
            results: list[CallToolResult] = []

            async def remember(n: int) -> None:
                results.append(await client.call_tool(
                    "enki_remember", {"content": f"Shard {n} lives on host{n}", "category": "learning"}))

            async def recall() -> None:
                results.append(await client.call_tool("enki_recall", {"query": "shard host"}))

            async with anyio.create_task_group() as group:
                for n in range(8):
                    group.start_soon(remember, n)
                    group.start_soon(recall)
            unknown = await client.call_tool("enki_forget", {"bead_id": "b-1"})
            return results, unknown, ok(await client.call_tool("enki_status", {}))

    results, unknown, status = anyio.run(session)
    assert len(results) == 16 and not any(r.is_error for r in results)
    assert error(unknown) == "Unknown tool: enki_forget"
    assert status["staged"] == 8


def by_id(reply: dict[str, Any]) -> int:
    return int(reply["id"])  # replies to concurrent requests may come in any order


def test_stdout_carries_nothing_but_protocol_messages(abzu_home: Path, repo: Path) -> None:
    requests = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": INITIALIZE},
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {"jsonrpc": "2.0", "id": 2, "method": "tools/call",
         "params": {"name": "enki_star", "arguments": {"bead_id": "b-missing"}}},
        {"jsonrpc": "2.0", "id": 3, "method": "tools/call",
         "params": {"name": "enki_status", "arguments": {}}},
    ]
    with subprocess.Popen([ABZU, "mcp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, text=True, cwd=repo,
                          env={"ABZU_HOME": str(abzu_home), "PATH": "/usr/bin:/bin"}) as server:
        assert server.stdin and server.stdout
        server.stdin.write("".join(json.dumps(r) + "\n" for r in requests))
        server.stdin.flush()
        replies = sorted((json.loads(server.stdout.readline()) for _ in range(3)), key=by_id)
        server.stdin.close()  # the client hangs up: the server must exit by itself
        assert server.wait(timeout=30) == 0 and server.stdout.read() == ""
    assert [r["id"] for r in replies] == [1, 2, 3] and all(r["jsonrpc"] == "2.0" for r in replies)
    assert replies[1]["result"]["isError"] is True and replies[2]["result"]["isError"] is False


def exchange(abzu_home: Path, repo: Path, wire: str, replies: int) -> list[dict[str, Any]]:
    """Everything written at once, right after start, as a client that does not wait for
    each answer before sending the next message."""
    with subprocess.Popen([ABZU, "mcp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, text=True, cwd=repo,
                          env={"ABZU_HOME": str(abzu_home), "PATH": "/usr/bin:/bin"}) as server:
        assert server.stdin and server.stdout
        server.stdin.write(wire)
        server.stdin.flush()
        answers = [json.loads(server.stdout.readline()) for _ in range(replies)]
        server.stdin.close()
        assert server.wait(timeout=30) == 0 and server.stdout.read() == ""
    return answers


def lines(*messages: dict[str, Any]) -> str:
    return "".join(json.dumps(m) + "\n" for m in messages)


def test_a_call_sent_with_the_handshake_is_answered(abzu_home: Path, repo: Path) -> None:
    remember = {"name": "enki_remember",
                "arguments": {"content": "Pin anyio below 5", "category": "decision"}}
    wire = lines(
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": INITIALIZE},
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {"jsonrpc": "2.0", "id": 2, "method": "tools/list"},
        {"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": remember},
    )
    init, listed, stored = sorted(exchange(abzu_home, repo, wire, 3), key=by_id)
    assert init["result"]["protocolVersion"] == "2025-06-18"
    assert len(listed["result"]["tools"]) == 4
    assert stored["result"]["isError"] is False
    assert stored["result"]["structuredContent"]["outcome"] == "stored"


def test_a_broken_first_line_is_skipped(abzu_home: Path, repo: Path) -> None:
    """The SDK logs a line it cannot parse and answers nothing (it has no id to answer): the
    session then opens as usual, and nothing but the two answers reaches stdout."""
    wire = "{not json\n" + lines(
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": INITIALIZE},
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {"jsonrpc": "2.0", "id": 2, "method": "tools/list"},
    )
    init, listed = exchange(abzu_home, repo, wire, 2)
    assert (init["id"], init["result"]["serverInfo"]["name"]) == (1, "abzu")
    assert listed["id"] == 2 and len(listed["result"]["tools"]) == 4


def test_a_health_check_that_hangs_up_after_the_handshake_is_answered(abzu_home: Path, repo: Path) -> None:
    """`claude mcp list` connects, lists and leaves: answered, then a clean exit, no store touched."""
    wire = lines(
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": INITIALIZE},
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {"jsonrpc": "2.0", "id": 2, "method": "tools/list"},
    )
    init, listed = exchange(abzu_home, repo, wire, 2)
    assert init["id"] == 1 and len(listed["result"]["tools"]) == 4
    assert not (abzu_home / "wisdom.db").exists()


Turn = list[dict[str, Any]]


def conversation(abzu_home: Path, repo: Path, turns: list[Turn]) -> list[Turn]:
    """Each turn written at once and its answers read (sorted by id) before the next turn."""
    with subprocess.Popen([ABZU, "mcp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, text=True, cwd=repo,
                          env={"ABZU_HOME": str(abzu_home), "PATH": "/usr/bin:/bin"}) as server:
        assert server.stdin and server.stdout
        answers = []
        for turn in turns:
            server.stdin.write(lines(*turn))
            server.stdin.flush()
            replies = (json.loads(server.stdout.readline()) for m in turn if "id" in m)
            answers.append(sorted(replies, key=by_id))
        server.stdin.close()
        assert server.wait(timeout=30) == 0 and server.stdout.read() == ""
    return answers


def test_concurrent_calls_keep_the_wire_whole(abzu_home: Path, repo: Path) -> None:
    """Recalls, a ping and a refused recall sent at once: each answer is one whole line, the
    concurrent answers may come in any order, and the server still exits cleanly when the
    client hangs up."""
    remember = {"name": "enki_remember", "arguments": {"content": "Pin anyio below 5", "category": "fix"}}
    recall = {"name": "enki_recall", "arguments": {"query": "anyio"}}
    refused = {"name": "enki_recall", "arguments": {"query": "anyio", "limit": 0}}
    _, [stored], [found, pong, bad, again] = conversation(abzu_home, repo, [
        [{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": INITIALIZE},
         {"jsonrpc": "2.0", "method": "notifications/initialized"}],
        [{"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": remember}],
        [{"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": recall},
         {"jsonrpc": "2.0", "id": 4, "method": "ping"},
         {"jsonrpc": "2.0", "id": 5, "method": "tools/call", "params": refused},
         {"jsonrpc": "2.0", "id": 6, "method": "tools/call", "params": recall}],
    ])
    [hit] = found["result"]["structuredContent"]["results"]
    assert hit["id"] == stored["result"]["structuredContent"]["id"] and "Pin anyio below 5" in hit["text"]
    assert json.loads(found["result"]["content"][0]["text"])["results"][0]["id"] == hit["id"]
    assert pong["result"] == {} and again["result"]["structuredContent"]["results"][0]["id"] == hit["id"]
    assert bad["result"]["isError"] is True
    assert "greater than or equal to 1" in bad["result"]["content"][0]["text"]


def test_a_recall_sent_with_the_handshake_is_answered(abzu_home: Path, repo: Path) -> None:
    """The first call opens the stores (a fresh data home); the ping after it is answered too."""
    wire = lines(
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": INITIALIZE},
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {"jsonrpc": "2.0", "id": 2, "method": "tools/list"},
        {"jsonrpc": "2.0", "id": 3, "method": "tools/call",
         "params": {"name": "enki_recall", "arguments": {"query": "anything", "scope": "all"}}},
        {"jsonrpc": "2.0", "id": 4, "method": "ping"},
    )
    init, listed, found, pong = sorted(exchange(abzu_home, repo, wire, 4), key=by_id)
    assert init["id"] == 1 and len(listed["result"]["tools"]) == 4
    assert found["result"]["isError"] is False
    assert found["result"]["structuredContent"]["results"] == []
    assert found["result"]["structuredContent"]["scope"] == "all"
    assert pong["result"] == {}


OPENING = [{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": INITIALIZE},
           {"jsonrpc": "2.0", "method": "notifications/initialized"}]
STATUS = {"jsonrpc": "2.0", "id": 2, "method": "tools/call",
          "params": {"name": "enki_status", "arguments": {}}}


def hung_up(argv: list[str], cwd: Path, env: dict[str, str], calls: list[dict[str, Any]]
            ) -> tuple[int, list[dict[str, Any]], str]:
    """Everything written at once and stdin closed at once: the client hangs up straight away."""
    wire = "".join(json.dumps(r) + "\n" for r in [*OPENING, *calls])
    done = subprocess.run(argv, input=wire, capture_output=True, text=True, cwd=cwd, env=env, timeout=120)
    return done.returncode, [json.loads(line) for line in done.stdout.splitlines()], done.stderr


def test_a_client_that_hangs_up_with_calls_running_ends_the_server_quietly(
    abzu_home: Path, repo: Path
) -> None:
    """Nobody is left to read the answers: the server ends, exit 0, stdout holds only protocol
    messages and stderr no traceback."""
    calls = [STATUS, {"jsonrpc": "2.0", "id": 3, "method": "tools/call",
                      "params": {"name": "enki_recall", "arguments": {"query": "x", "limit": "3"}}}]
    env = {"ABZU_HOME": str(abzu_home), "PATH": "/usr/bin:/bin"}
    status, replies, stderr = hung_up([ABZU, "mcp"], repo, env, calls)
    assert status == 0 and {by_id(r) for r in replies} <= {1, 2, 3}
    assert "Traceback" not in stderr


def test_a_server_that_cannot_start_says_so_in_one_line(abzu_home: Path, tmp_path: Path) -> None:
    # The working directory is gone before the server starts: its lifespan cannot name a project.
    argv = ["/bin/sh", "-c", f"mkdir gone && cd gone && rmdir ../gone && exec {ABZU} mcp"]
    env = {"ABZU_HOME": str(abzu_home), "PATH": "/usr/bin:/bin"}
    status, replies, stderr = hung_up(argv, tmp_path, env, [STATUS])
    assert status == 1 and replies == []  # the lifespan runs before the first answer
    assert stderr.splitlines() == ["abzu mcp: the server stopped: FileNotFoundError: "
                                   "[Errno 2] No such file or directory"]
