"""The MCP front door: four tools over stdio (spec §15)."""

from abzu.entrypoints.mcp_server.server import build_server, main

__all__ = ["build_server", "main"]
