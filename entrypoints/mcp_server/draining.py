"""The client hangs up with calls still running: they are answered before the server stops.

The SDK ends a stdio session at end of input and cancels what is still running, so a tool call
sent just before the client closed stdin got no answer and left no trace. `Draining` stands
between the SDK and its read stream: it counts the requests handed to the SDK, and at end of
input it holds the end back until `Swallowing` (handover.py) has seen every one answered, or
`WAIT` has passed; then it logs one line naming what stayed unanswered.
"""

import logging
from types import TracebackType
from typing import Any, Self

import anyio
import mcp_types as types
from mcp.shared._stream_protocols import ReadStream
from mcp.shared.message import SessionMessage

from abzu.entrypoints.logs import LOGGER_NAME

WAIT = 30.0  # seconds: a busy store's retries end well before this
_POLL = 0.02
log = logging.getLogger(LOGGER_NAME)
Item = SessionMessage | Exception


class Wrapped:
    """What a stream standing in front of the SDK's own (`_inner`) passes straight through: its
    closing, and use as an async context manager."""

    _inner: Any

    async def aclose(self) -> None:
        await self._inner.aclose()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, kind: type[BaseException] | None, error: BaseException | None,
                        trace: TracebackType | None) -> bool | None:
        await self.aclose()
        return None


class InFlight:
    """Ids of requests given to the SDK and not answered yet."""

    def __init__(self) -> None:
        self.ids: set[str | int] = set()

    def started(self, item: Item) -> None:
        if isinstance(item, SessionMessage) and isinstance(item.message, types.JSONRPCRequest):
            self.ids.add(item.message.id)

    def answered(self, message: Any) -> None:
        if isinstance(message, types.JSONRPCResponse | types.JSONRPCError):
            self.ids.discard(message.id)

    async def drain(self, wait: float) -> None:
        deadline = anyio.current_time() + wait
        while self.ids and anyio.current_time() < deadline:
            await anyio.sleep(_POLL)
        if self.ids:
            log.warning("the client hung up; %d call(s) left unanswered after %.0f s (ids %s)",
                        len(self.ids), wait, ", ".join(sorted(map(str, self.ids))))


class Draining(Wrapped):
    """`inner`, whose end of input waits for `flight` to empty (at most `wait` seconds)."""

    _inner: ReadStream[Item]

    def __init__(self, inner: ReadStream[Item], flight: InFlight, wait: float = WAIT) -> None:
        self._inner, self._flight, self._wait = inner, flight, wait

    @property
    def last_context(self) -> Any:  # the SDK reads the sender's context from its stream
        return getattr(self._inner, "last_context", None)

    async def receive(self) -> Item:
        try:
            item = await self._inner.receive()
        except anyio.EndOfStream:
            await self._flight.drain(self._wait)
            raise
        self._flight.started(item)
        return item

    def __aiter__(self) -> "Draining":
        return self

    async def __anext__(self) -> Item:
        try:
            return await self.receive()
        except anyio.EndOfStream:
            raise StopAsyncIteration from None

