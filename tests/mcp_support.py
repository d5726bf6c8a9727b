"""Driving the MCP server in-process with the SDK's client, from synchronous tests and steps."""

from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import anyio
from mcp import Client
from mcp.server import MCPServer
from mcp.types import CallToolResult, TextContent, Tool

T = TypeVar("T")


def in_session(server: MCPServer[Any], body: Callable[[Client], Awaitable[T]]) -> T:
    """One MCP session (a conversation) against `server`."""

    async def run() -> T:
        async with Client(server, raise_exceptions=True) as client:
            return await body(client)

    return anyio.run(run)


def call(server: MCPServer[Any], tool: str, arguments: dict[str, Any] | None = None) -> CallToolResult:
    async def body(client: Client) -> CallToolResult:
        return await client.call_tool(tool, arguments or {})

    return in_session(server, body)


def tools(server: MCPServer[Any]) -> dict[str, Tool]:
    async def body(client: Client) -> dict[str, Tool]:
        return {t.name: t for t in (await client.list_tools()).tools}

    return in_session(server, body)


def ok(result: CallToolResult) -> dict[str, Any]:
    assert not result.is_error, text_of(result)
    assert result.structured_content is not None
    return result.structured_content


def error(result: CallToolResult) -> str:
    assert result.is_error, result.structured_content
    return text_of(result)


def text_of(result: CallToolResult) -> str:
    return "".join(block.text for block in result.content if isinstance(block, TextContent))
