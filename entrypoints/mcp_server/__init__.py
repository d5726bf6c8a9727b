"""The MCP front door: four tools on the SDK's `MCPServer`, over stdio (spec §15).

`main` reads its own command line (`abzu-mcp --help | --version`) before the SDK is imported;
`build_server` imports the SDK on use."""

import sys
from typing import Any

from abzu.domain.enki.consumers import Consumer
from abzu.entrypoints.mcp_server import arguments

__all__ = ["build_server", "main"]


def main(consumer: Consumer = Consumer.AGENT, argv: list[str] | None = None) -> None:
    """Serve on stdio until the client hangs up. `abzu mcp` passes no arguments; `abzu-mcp`
    passes its own."""
    arguments.parse(sys.argv[1:] if argv is None else argv)
    from abzu.entrypoints.mcp_server.server import serve

    serve(consumer)


def __getattr__(name: str) -> Any:
    if name == "build_server":
        from abzu.entrypoints.mcp_server.server import build_server

        return build_server
    raise AttributeError(name)
