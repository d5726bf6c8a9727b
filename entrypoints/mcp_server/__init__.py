"""The MCP front door: four tools on the SDK's `MCPServer`, over stdio (spec §15).

`main` reads its own command line (`abzu-mcp --help | --version`) before the SDK is imported
(server.py, with `build_server`, imports it)."""

import sys

from abzu.domain.enki.consumers import Consumer
from abzu.entrypoints.mcp_server import arguments


def main(consumer: Consumer = Consumer.AGENT, argv: list[str] | None = None) -> None:
    """Serve on stdio until the client hangs up. `abzu mcp` passes no arguments; `abzu-mcp`
    passes its own."""
    arguments.parse(sys.argv[1:] if argv is None else argv)
    from abzu.entrypoints.mcp_server.server import serve

    serve(consumer)
