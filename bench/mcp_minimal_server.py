"""The smallest stdio server on the same MCP SDK, with four echo tools (as many as Abzu's): the
start-up floor `bench/mcp_latency.py` measures Abzu against, in the same run."""

from mcp.server import MCPServer

server = MCPServer("minimal")


@server.tool()
def one(text: str) -> str:
    return text


@server.tool()
def two(text: str) -> str:
    return text


@server.tool()
def three(text: str) -> str:
    return text


@server.tool()
def four(text: str) -> str:
    return text


if __name__ == "__main__":
    server.run()
