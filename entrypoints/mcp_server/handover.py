"""The SDK takes over the session the fast handshake opened (front.py), and owns it from then on.

Its stdin is the bytes the fast path held back (the replayed handshake, then whatever it did not
answer) followed by the rest of the wire; its answers to the replay are swallowed, since the
client already has them. Everything else is the SDK's own stdio transport, unchanged, except
where the bytes pass: a router thread reads the wire, answers plain `enki_recall` calls itself
(direct.py) and feeds every other line, in order, to the SDK through a pipe; both write whole
lines to the wire under one lock, so answers never interleave (they may come out of order, as
the SDK's own concurrent answers already do). Both write through the front's `Outlet`, which
goes quiet when the client closes its end.
"""

import io
import logging
import os
import threading
from collections.abc import Callable
from typing import IO, Any, cast

import anyio
import mcp_types as types
from mcp.server import MCPServer
from mcp.server.stdio import stdio_server
from mcp.shared._stream_protocols import WriteStream
from mcp.shared.message import SessionMessage

from abzu.entrypoints.logs import LOGGER_NAME
from abzu.entrypoints.mcp_server.draining import Draining, InFlight, Wrapped
from abzu.entrypoints.mcp_server.handshake import REPLAY_ID
from abzu.entrypoints.mcp_server.outlet import Outlet

Answer = Callable[[bytes], bytes | None]  # a line's answer, or None: the SDK's to answer

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


class Swallowing(Wrapped):
    """The server's write stream, minus its answers to the replayed handshake."""

    _inner: WriteStream[SessionMessage]

    def __init__(self, inner: WriteStream[SessionMessage], flight: InFlight | None = None) -> None:
        self._inner, self._flight = inner, flight or InFlight()

    async def send(self, item: SessionMessage, /) -> None:
        message = item.message
        try:
            if isinstance(message, types.JSONRPCResponse | types.JSONRPCError) and message.id == REPLAY_ID:
                if isinstance(message, types.JSONRPCError):  # the client was told "ok": say so in the log
                    log.warning("the SDK refused the replayed initialize: %s", message.error.message)
                return
            await self._inner.send(item)
        finally:
            # Only once the writer holds the answer: counted earlier, a hang-up could end the
            # session (and cancel this send) with the answer still on its way (seen in CI).
            self._flight.answered(message)  # the replayed initialize too: it was handed to the SDK


class Wire(io.TextIOBase):
    """The client's end for the SDK's writer: each answer written whole through the outlet that
    the router's answers take too (outlet.py: quiet once the client has closed it)."""

    def __init__(self, out: Outlet) -> None:
        super().__init__()
        self._out = out

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        self.send(text.encode("utf-8"))
        return len(text)

    def send(self, data: bytes) -> None:
        self._out.send(data)


def route(source: io.BufferedReader, answer: Answer, wire: Wire, sdk: int) -> None:
    """Every line of `source` is answered by `answer` or written to the SDK's pipe `sdk`, in
    order; at end of input the pipe closes, which the SDK reads as the client hanging up."""
    try:
        for line in source:
            taken = _answered(answer, line) if line.endswith(b"\n") else None
            if taken is None:
                _write_all(sdk, line)
            else:
                wire.send(taken)
    except OSError:  # a side hung up: the SDK still gets end of input and ends the session
        log.warning("the MCP router stopped", exc_info=True)
    finally:
        os.close(sdk)


def _answered(answer: Answer, line: bytes) -> bytes | None:
    try:
        return answer(line.rstrip(b"\r\n"))
    except Exception:  # a bug in the direct path: the SDK answers this line instead
        log.exception("direct answer failed; the SDK answers")
        return None


def _write_all(fd: int, data: bytes) -> None:
    while data:
        data = data[os.write(fd, data):]


def serve(server: MCPServer[Any], prefix: bytes, fd: int, out: Outlet, answer: Answer | None = None) -> None:
    """Serve until the client hangs up, as `MCPServer.run()` does over stdio, answering through
    `out` (stdout, claimed here). With `answer`, the lines it answers never reach the SDK."""
    out.claim_stdout()
    wire = Wire(out)
    if answer is None:
        _serve_sdk(server, PrefixedWire(prefix, fd), wire)
        return
    sdk_in, router_out = os.pipe()
    source = io.BufferedReader(PrefixedWire(prefix, fd))
    threading.Thread(target=route, args=(source, answer, wire, router_out), name="abzu-mcp-router",
                     daemon=True).start()
    _serve_sdk(server, PrefixedWire(b"", sdk_in), wire)


def _serve_sdk(server: MCPServer[Any], source: io.RawIOBase, out: Wire) -> None:
    stdin = io.TextIOWrapper(io.BufferedReader(source), encoding="utf-8", errors="replace")
    # wrap_file only calls write and flush, which Wire has; typeshed's IO[str] wants the rest.
    stdout = anyio.wrap_file(cast(IO[str], out))

    async def run() -> None:
        # The SDK's MCPServer exposes no public way to run on given streams; its own stdio
        # and in-memory transports use `_lowlevel_server` the same way.
        lowlevel = server._lowlevel_server
        flight = InFlight()
        async with stdio_server(stdin=anyio.wrap_file(stdin), stdout=stdout) as (read, write):
            await lowlevel.run(Draining(read, flight), Swallowing(write, flight),
                               lowlevel.create_initialization_options())

    anyio.run(run)
