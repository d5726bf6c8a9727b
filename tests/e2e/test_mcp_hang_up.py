"""`abzu mcp` whose client closes its end of stdout while its stdin stays open: the first answer
that meets the closed pipe ends the server quietly (one line, exit 0, no traceback), and a call
the server had already run still took effect."""

import json
import subprocess
import sys
import time
from pathlib import Path
from typing import IO, Any

import pytest

pytestmark = pytest.mark.slow
ABZU = str(Path(sys.executable).parent / "abzu")
INITIALIZE = {"protocolVersion": "2025-06-18", "capabilities": {},
              "clientInfo": {"name": "t", "version": "0"}}
OPENING = [{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": INITIALIZE},
           {"jsonrpc": "2.0", "method": "notifications/initialized"}]
REMEMBER = {"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {
    "name": "enki_remember", "arguments": {"content": "Pin anyio below 5", "category": "decision"}}}
PING = {"jsonrpc": "2.0", "id": 3, "method": "ping"}
HUNG_UP = "the client closed its end of the wire"
PATIENCE = 60.0  # seconds before the test gives up on a server that does not end


def lines(messages: list[dict[str, Any]]) -> bytes:
    return b"".join(json.dumps(m).encode() + b"\n" for m in messages)


def env(abzu_home: Path) -> dict[str, str]:
    return {"ABZU_HOME": str(abzu_home), "PATH": "/usr/bin:/bin"}


def recalled(abzu_home: Path, repo: Path) -> list[str]:
    done = subprocess.run([ABZU, "recall", "anyio", "--json"], capture_output=True, text=True, cwd=repo,
                          env=env(abzu_home), timeout=60)
    return [r["text"] for r in json.loads(done.stdout)["results"]]


def ping_until_it_ends(server: "subprocess.Popen[bytes]", stdin: IO[bytes]) -> int:
    """Pings with stdin left open, so the server ends on its own (an answer met the closed pipe;
    the SDK's reader then returns at the next line), not because its input ended."""
    deadline = time.monotonic() + PATIENCE
    while server.poll() is None and time.monotonic() < deadline:
        try:
            stdin.write(lines([PING]))
            stdin.flush()
        except BrokenPipeError:  # it has just ended
            break
        time.sleep(0.1)
    return server.wait(timeout=PATIENCE)


def served(abzu_home: Path, repo: Path, read_first: bool, stored: bool) -> tuple[int, str]:
    """The opening sent (its answer read when `read_first`), the client's stdout closed, then
    (with `stored`) a remember sent and waited for in the store, then pings until the server ends."""
    with subprocess.Popen([ABZU, "mcp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, cwd=repo, env=env(abzu_home)) as server:
        assert server.stdin and server.stdout and server.stderr
        if read_first:
            server.stdin.write(lines(OPENING))
            server.stdin.flush()
            assert json.loads(server.stdout.readline())["id"] == 1
        server.stdout.close()
        server.stdin.write(lines([REMEMBER] if read_first else OPENING))
        server.stdin.flush()
        deadline = time.monotonic() + PATIENCE
        while stored and not recalled(abzu_home, repo) and time.monotonic() < deadline:
            time.sleep(0.2)
        status = ping_until_it_ends(server, server.stdin)
        stderr = server.stderr.read().decode()
    log = abzu_home / "abzu.log"
    return status, stderr + (log.read_text() if log.exists() else "")


def test_a_client_that_closed_stdout_ends_the_server_quietly_after_a_call(
    abzu_home: Path, repo: Path
) -> None:
    status, said = served(abzu_home, repo, read_first=True, stored=True)
    assert status == 0 and "Traceback" not in said and said.count(HUNG_UP) == 1
    assert recalled(abzu_home, repo) == ["Pin anyio below 5"]


def test_a_client_gone_before_the_handshake_is_answered_ends_the_server_quietly(
    abzu_home: Path, repo: Path
) -> None:
    status, said = served(abzu_home, repo, read_first=False, stored=False)
    assert status == 0 and "Traceback" not in said and said.count(HUNG_UP) == 1
    assert not (abzu_home / "abzu.db").exists()  # no call: no store opened
