"""Renders handshake.json (the fast path's answers) from the real SDK server.

    .venv/bin/python -m abzu.entrypoints.mcp_server.handshake_render

Run it after changing a tool, its description or schema, the server's instructions or the MCP
SDK; tests/contract/test_mcp_handshake.py fails until then. The answers are what the SDK's own
stdio transport writes for `initialize` (each protocol version of the handshake era) and the
lists a client asks for next (tools, prompts, resources), with serverInfo.version left as a
slot for the installed version.
"""

import json
import os
import tempfile
from importlib.metadata import version
from pathlib import Path
from typing import Any

import anyio
import mcp_types as types
from mcp.server import MCPServer
from mcp.shared.message import SessionMessage
from mcp_types.version import HANDSHAKE_PROTOCOL_VERSIONS, LATEST_HANDSHAKE_VERSION

from abzu.entrypoints.mcp_server import handshake
from abzu.entrypoints.mcp_server.handshake import LISTS, RENDERED, VERSION_SLOT


def opening(protocol_version: str) -> list[str]:
    """The lines a client such as Claude Code sends first (guides/claude-code.md §9)."""
    params = {"protocolVersion": protocol_version, "capabilities": {"roots": {}},
              "clientInfo": {"name": "claude-code", "version": "2.1.240"}}
    return [json.dumps(m) for m in (
        {"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": params},
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
    )] + [json.dumps({"jsonrpc": "2.0", "id": n, "method": m}) for n, m in enumerate(LISTS, 1)]


async def exchange(server: MCPServer[Any], lines: list[str]) -> list[dict[str, Any]]:
    """The SDK server's answers to the requests among `lines`, as its stdio transport writes them."""
    to_server, server_in = anyio.create_memory_object_stream[SessionMessage | Exception](32)
    server_out, from_server = anyio.create_memory_object_stream[SessionMessage](32)
    lowlevel = server._lowlevel_server  # as the SDK's own transports run it
    answers = []
    async with anyio.create_task_group() as group:
        group.start_soon(lowlevel.run, server_in, server_out, lowlevel.create_initialization_options())
        for line in lines:
            message = types.jsonrpc_message_adapter.validate_json(line, by_name=False)
            await to_server.send(SessionMessage(message))
            if isinstance(message, types.JSONRPCRequest):
                answers.append(await _answer_to(message.id, from_server))
        await to_server.aclose()
    return answers


async def _answer_to(ident: Any, stream: Any) -> dict[str, Any]:
    while True:  # skipping any notification the server sends meanwhile
        sent: SessionMessage = await stream.receive()
        wire: dict[str, Any] = json.loads(sent.message.model_dump_json(by_alias=True, exclude_unset=True))
        if wire.get("id") == ident:
            return wire


def render(server: MCPServer[Any]) -> dict[str, Any]:
    versions = {}
    for protocol_version in HANDSHAKE_PROTOCOL_VERSIONS:
        init, *listed = anyio.run(exchange, server, opening(protocol_version))
        init["result"]["serverInfo"]["version"] = VERSION_SLOT
        answers = {"initialize": init["result"]}
        versions[protocol_version] = answers | {m: a["result"] for m, a in zip(LISTS, listed, strict=True)}
    return {"sdk": f"mcp {version('mcp')}", "fallback": LATEST_HANDSHAKE_VERSION, "versions": versions}


def main() -> None:
    with tempfile.TemporaryDirectory() as home:  # the lifespan's warm-up must not touch a real home
        os.environ["ABZU_HOME"] = home
        from abzu.entrypoints.mcp_server.server import build_server

        rendered = render(build_server())
    # The source tree's file, also through an editable install's links.
    target = Path(handshake.__file__).resolve().with_name(RENDERED.name)
    target.write_text(json.dumps(rendered, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {target}")


if __name__ == "__main__":
    main()
