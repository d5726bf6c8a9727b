"""`abzu mcp --as …` as a real subprocess: the consumer named on the command line is enforced."""

import subprocess
import sys
from pathlib import Path

import anyio
import pytest
from mcp import Client, StdioServerParameters
from mcp.types import CallToolResult

from tests.mcp_support import error, ok

pytestmark = pytest.mark.slow
ABZU = str(Path(sys.executable).parent / "abzu")


def test_a_pm_server_over_stdio_refuses_remember_and_answers_status(abzu_home: Path, repo: Path) -> None:
    params = StdioServerParameters(
        command=ABZU, args=["mcp", "--as", "pm"], cwd=repo,
        env={"ABZU_HOME": str(abzu_home), "CLAUDE_PROJECT_DIR": str(repo)},
    )

    async def session() -> tuple[CallToolResult, CallToolResult]:
        async with Client(params, mode="legacy", read_timeout_seconds=30) as client:
            refused = await client.call_tool("enki_remember", {"content": "Use WAL", "category": "fix"})
            return refused, await client.call_tool("enki_status", {})

    refused, status = anyio.run(session)
    assert "remember is not allowed for consumer 'pm'" in error(refused)
    assert ok(status)["staged"] == 0


def test_an_unknown_consumer_is_one_line_on_stderr(abzu_home: Path) -> None:
    done = subprocess.run([ABZU, "mcp", "--as", "boss"], capture_output=True, text=True, timeout=60,
                          env={"ABZU_HOME": str(abzu_home), "PATH": "/usr/bin:/bin"})
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr == "error: unknown consumer 'boss': use one of agent, pm, em, uru\n"
