"""The MCP front door: four tools over stdio (spec §15).

`main` loads only the standard library: the SDK (about a second to import) loads in the
background while the handshake is answered (front.py). `build_server` imports it on use."""

from typing import Any

from abzu.entrypoints.mcp_server.front import main

__all__ = ["build_server", "main"]


def __getattr__(name: str) -> Any:
    if name == "build_server":
        from abzu.entrypoints.mcp_server.server import build_server

        return build_server
    raise AttributeError(name)
