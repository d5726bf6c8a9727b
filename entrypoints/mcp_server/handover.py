"""The SDK takes over the session the fast handshake opened (front.py), and owns it from then on.

Its stdin is the bytes the fast path held back (the replayed handshake, then whatever it did not
answer) followed by the rest of the wire; its answers to the replay are swallowed, since the
client already has them. Everything else is the SDK's own stdio transport, unchanged.
"""

import io
import logging
import os
from types import TracebackType
from typing import Any

import anyio
import mcp_types as types
from mcp.server import MCPServer
from mcp.server.stdio import stdio_server
from mcp.shared._stream_protocols import WriteStream
from mcp.shared.message import SessionMessage

from abzu.entrypoints.logs import LOGGER_NAME
from abzu.entrypoints.mcp_server.handshake import REPLAY_ID

log = logging.getLogger(LOGGER_NAME)


class PrefixedWire(io.RawIOBase):
    """`prefix`, then the file descriptor `fd` (the wire, moved off fd 0 at start-up)."""

    def __init__(self, prefix: bytes, fd: int) -> None:
        super().__init__()
        self._prefix, self._fd = prefix, fd

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        if self._prefix:
            size = min(len(buffer), len(self._prefix))
            buffer[:size], self._prefix = self._prefix[:size], self._prefix[size:]
            return size
        data = os.read(self._fd, len(buffer))
        buffer[: len(data)] = data
        return len(data)


class Swallowing:
    """The server's write stream, minus its answers to the replayed handshake."""

    def __init__(self, inner: WriteStream[SessionMessage]) -> None:
        self._inner = inner

    async def send(self, item: SessionMessage, /) -> None:
        message = item.message
        if isinstance(message, types.JSONRPCResponse | types.JSONRPCError) and message.id == REPLAY_ID:
            if isinstance(message, types.JSONRPCError):  # the client was told "ok": say so in the log
                log.warning("the SDK refused the replayed initialize: %s", message.error.message)
            return
        await self._inner.send(item)

    async def aclose(self) -> None:
        await self._inner.aclose()

    async def __aenter__(self) -> "Swallowing":
        return self

    async def __aexit__(self, kind: type[BaseException] | None, error: BaseException | None,
                        trace: TracebackType | None) -> bool | None:
        await self.aclose()
        return None


def serve(server: MCPServer[Any], prefix: bytes, fd: int) -> None:
    """Serve until the client hangs up, as `MCPServer.run()` does over stdio."""
    wire = io.TextIOWrapper(io.BufferedReader(PrefixedWire(prefix, fd)), encoding="utf-8", errors="replace")

    async def run() -> None:
        # The SDK's MCPServer exposes no public way to run on given streams; its own stdio
        # and in-memory transports use `_lowlevel_server` the same way.
        lowlevel = server._lowlevel_server
        async with stdio_server(stdin=anyio.wrap_file(wire)) as (read, write):
            await lowlevel.run(read, Swallowing(write), lowlevel.create_initialization_options())

    anyio.run(run)
