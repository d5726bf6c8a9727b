"""`abzu mcp` whose client closes its end of stdout before every answer is written: the server
ends quietly (one log line, exit 0, no traceback), and the calls it was given still take effect."""

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.slow
ABZU = str(Path(sys.executable).parent / "abzu")
INITIALIZE = {"protocolVersion": "2025-06-18", "capabilities": {},
              "clientInfo": {"name": "t", "version": "0"}}
OPENING = [{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": INITIALIZE},
           {"jsonrpc": "2.0", "method": "notifications/initialized"}]
REMEMBER = {"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {
    "name": "enki_remember", "arguments": {"content": "Pin anyio below 5", "category": "decision"}}}
RECALL = {"jsonrpc": "2.0", "id": 3, "method": "tools/call",
          "params": {"name": "enki_recall", "arguments": {"query": "anyio"}}}
HUNG_UP = "the client closed its end of the wire"


def lines(messages: list[dict[str, Any]]) -> bytes:
    return b"".join(json.dumps(m).encode() + b"\n" for m in messages)


def served(abzu_home: Path, repo: Path, read_first: bool, late: list[dict[str, Any]]) -> tuple[int, str]:
    """The opening sent (its answer read when `read_first`), the client's stdout closed, then
    `late` sent and stdin closed: every answer still to come meets a closed pipe."""
    env = {"ABZU_HOME": str(abzu_home), "PATH": "/usr/bin:/bin"}
    with subprocess.Popen([ABZU, "mcp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, cwd=repo, env=env) as server:
        assert server.stdin and server.stdout and server.stderr
        if read_first:
            server.stdin.write(lines(OPENING))
            server.stdin.flush()
            assert json.loads(server.stdout.readline())["id"] == 1
        server.stdout.close()
        server.stdin.write(lines(late if read_first else [*OPENING, *late]))
        server.stdin.close()
        status = server.wait(timeout=60)
        stderr = server.stderr.read().decode()
    log = abzu_home / "abzu.log"
    return status, stderr + (log.read_text() if log.exists() else "")


def recalled(abzu_home: Path, repo: Path) -> list[str]:
    done = subprocess.run([ABZU, "recall", "anyio", "--json"], capture_output=True, text=True, cwd=repo,
                          env={"ABZU_HOME": str(abzu_home), "PATH": "/usr/bin:/bin"}, timeout=60)
    return [r["text"] for r in json.loads(done.stdout)["results"]]


def test_answers_after_the_client_closed_stdout_are_dropped_quietly(abzu_home: Path, repo: Path) -> None:
    status, said = served(abzu_home, repo, read_first=True, late=[REMEMBER, RECALL])
    assert status == 0 and "Traceback" not in said and said.count(HUNG_UP) == 1
    assert recalled(abzu_home, repo) == ["Pin anyio below 5"]  # the call still took effect


def test_a_client_gone_before_the_handshake_is_answered_ends_the_server_quietly(
    abzu_home: Path, repo: Path
) -> None:
    status, said = served(abzu_home, repo, read_first=False, late=[])
    assert status == 0 and "Traceback" not in said and said.count(HUNG_UP) == 1
