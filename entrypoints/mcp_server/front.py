"""`abzu mcp` / `abzu-mcp`: the handshake answered while the MCP SDK loads (standard library only).

Order of events: the wire is moved off fd 0 (so child processes never read the client's
messages); a thread imports the store stack and then the SDK, and builds the real server;
meanwhile this thread answers `initialize`, `notifications/initialized` and `tools/list` from
pre-rendered answers (handshake.py), and then plain `enki_recall` calls (direct.py, as soon as
the store stack is loaded). At the first message it does not answer itself, or the first
message after the SDK is ready, it waits for the SDK and hands over: the SDK gets the handshake
replayed (its answers swallowed) and then every byte the client sent that was not answered, in
order; from then on a router thread answers plain recalls beside it (handover.py).
stdout carries protocol messages only; a failure to load or to serve (the lifespan, the transport)
is one line on stderr and exit 1, with the traceback in the log file when it is open.
"""

import contextlib
import logging
import os
import sys
import threading
from typing import TYPE_CHECKING, Any

from abzu.domain.enki.consumers import Consumer
from abzu.entrypoints.mcp_server import arguments
from abzu.entrypoints.mcp_server.handshake import Handshake, load
from abzu.entrypoints.mcp_server.outlet import Outlet
from abzu.entrypoints.version import abzu_version

if TYPE_CHECKING:
    from mcp.server import MCPServer

    from abzu.entrypoints.mcp_server.direct import DirectRecall
    from abzu.entrypoints.mcp_server.runtime import App


class Loader(threading.Thread):
    """Loads, off the main thread, first the store stack and the direct `enki_recall`
    (direct.py, no SDK needed), then the SDK and the server built on the same App."""

    def __init__(self, consumer: Consumer) -> None:
        super().__init__(name="abzu-mcp-load", daemon=True)
        self.consumer, self.ready, self.direct_ready = consumer, threading.Event(), threading.Event()
        self.server: MCPServer[Any] | None = None
        self.direct: DirectRecall | None = None  # enki_recall beside the SDK, on the server's App
        self.error: BaseException | None = None

    def run(self) -> None:
        app = self._load_direct()
        try:
            from abzu.entrypoints.mcp_server.server import build_server

            self.server = build_server(consumer=self.consumer, app=app)
        except BaseException as exc:  # reported by the main thread, which owns the exit
            self.error = exc
        finally:
            self.direct_ready.set()
            self.ready.set()

    def _load_direct(self) -> "App | None":
        """The App the server will share, with the direct recall on it; None when that cannot
        load (the SDK then answers every call, and reports what is broken)."""
        try:
            from abzu.entrypoints.mcp_server.direct import DirectRecall
            from abzu.entrypoints.mcp_server.runtime import default_app

            app = default_app(self.consumer)
            preload()
            self.direct = DirectRecall(app)
            return app
        except Exception:
            logging.getLogger("abzu").warning("direct enki_recall unavailable", exc_info=True)
            return None
        finally:
            self.direct_ready.set()

    def answer(self, line: bytes) -> bytes | None:
        """The direct answer to `line` once it is loaded, or None: the SDK's to answer."""
        self.direct_ready.wait()
        if self.direct is None:
            return None
        try:
            return self.direct.take(line)
        except Exception:  # a bug in the direct path: the SDK answers this line instead
            logging.getLogger("abzu").exception("direct answer failed; the SDK answers")
            return None

    def result(self) -> "MCPServer[Any]":
        self.ready.wait()
        if self.server is None:
            raise RuntimeError(f"the MCP server could not load: {self.error!r}") from self.error
        return self.server


def preload() -> None:
    """The store stack's import (SQLAlchemy, the container: ~1 s of CPU), so that the first tool
    call does not pay it after the SDK's. A failure here is the first call's to report."""
    with contextlib.suppress(Exception):  # the first tool call imports it again and reports
        import abzu.entrypoints.wiring.container  # noqa: F401


def main(consumer: Consumer = Consumer.AGENT, argv: list[str] | None = None) -> None:
    """Serve on stdio until the client hangs up. `abzu mcp` passes no arguments; `abzu-mcp`
    passes its own (`--help`, `--version`)."""
    arguments.parse(sys.argv[1:] if argv is None else argv)
    loader = Loader(consumer)
    loader.start()
    wire = take_wire()
    handshake = load(abzu_version())
    out = Outlet(1)  # every answer, ours and the SDK's: quiet once the client closes stdout
    unread = answer_opening(wire, handshake, loader, out)
    if unread is None:  # hung up, all answered (a health check: `claude mcp list`, /mcp)
        os._exit(0)  # nothing left to serve; the loader thread may be mid-import: no finalising
    try:
        server = loader.result()
    except RuntimeError as exc:
        print(f"abzu mcp: {exc}", file=sys.stderr)
        raise SystemExit(1) from None
    from abzu.entrypoints.mcp_server.handover import serve

    # Direct answers only in a session the fast path opened: the SDK judges any other opening.
    direct = loader.direct if handshake.initialized is not None else None
    try:
        serve(server, handshake.replay() + unread, wire, out, None if direct is None else direct.take)
    except Exception as exc:  # the lifespan or the transport failed: see `stopped`
        raise SystemExit(stopped(exc)) from None


def stopped(exc: Exception) -> int:
    """A server that could not go on: the traceback to the log file (when open), one line to
    stderr, exit status 1. The SDK's task groups wrap the cause: the first leaf is named."""
    logger = logging.getLogger("abzu")
    if not logger.propagate:  # the log file is open (logs.py); else the SDK's rich handler on
        logger.error("the MCP server stopped", exc_info=exc)  # the root would print a traceback
    cause: BaseException = exc
    while isinstance(cause, BaseExceptionGroup) and cause.exceptions:
        cause = cause.exceptions[0]
    print(f"abzu mcp: the server stopped: {type(cause).__name__}: {cause}", file=sys.stderr)
    return 1


def take_wire() -> int:
    """The client's stream on a private descriptor; fd 0 becomes the null device (as the SDK's
    own stdio transport does while it serves)."""
    wire = os.dup(0)  # not inheritable: children never see it
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.close(null)
    return wire


def answer_opening(wire: int, handshake: Handshake, loader: Loader, out: Outlet) -> bytes | None:
    """Answers lines until one is not the fast path's or the SDK is ready; returns what the SDK
    must read first (everything from that line on). At end of input, what is left, or None
    when nothing is: the client hung up with every message answered. The fast path is the
    handshake, then, in the session it opened, plain `enki_recall` calls."""
    buffer = b""
    while not loader.ready.is_set():
        line, newline, rest = buffer.partition(b"\n")
        if not newline:
            chunk = os.read(wire, 65536)
            if not chunk:
                return buffer if buffer.strip() else None
            buffer += chunk
            continue
        answer = handshake.take(line)
        if answer is None and handshake.initialized is not None:
            answer = loader.answer(line)
        if answer is None:
            return buffer
        buffer = rest
        out.send(answer)
    return buffer
