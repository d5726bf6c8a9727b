"""What the fast handshake answers itself, and what it leaves to the SDK (None: wait and hand over)."""

import json
from typing import Any

import pytest

from abzu.entrypoints.mcp_server.handshake import REPLAY_ID, Handshake, load

PARAMS = {"protocolVersion": "2025-06-18", "capabilities": {"roots": {}},
          "clientInfo": {"name": "claude-code", "version": "2"}}
INIT = {"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": PARAMS}
INITIALIZED = {"jsonrpc": "2.0", "method": "notifications/initialized"}
TOOLS = {"jsonrpc": "2.0", "id": 1, "method": "tools/list"}


def line(message: Any) -> bytes:
    return json.dumps(message).encode()


def opened(*messages: Any) -> Handshake:
    handshake = load("9.9")
    for message in messages:
        assert handshake.take(line(message)) is not None
    return handshake


def test_the_plain_opening_is_answered_and_the_notification_needs_no_answer() -> None:
    handshake = load("9.9")
    init = json.loads(handshake.take(line(INIT)) or b"")
    assert (init["id"], init["result"]["protocolVersion"]) == (0, "2025-06-18")
    assert init["result"]["serverInfo"]["version"] == "9.9"
    assert handshake.take(line(INITIALIZED)) == b""
    listed = json.loads(handshake.take(line(TOOLS)) or b"")
    assert listed["id"] == 1 and len(listed["result"]["tools"]) == 4


@pytest.mark.parametrize("first", [
    b"not json", b"", line([INIT]), line({**INIT, "jsonrpc": "1.0"}), line({**INIT, "id": None}),
    line({**INIT, "id": True}), line({**INIT, "extra": 1}), line(TOOLS), line(INITIALIZED),
    line({**INIT, "params": {**PARAMS, "_meta": {}}}),
    line({**INIT, "params": {**PARAMS, "capabilities": 3}}),
    line({"jsonrpc": "2.0", "method": "initialize", "params": PARAMS}),  # a notification
    b'{"jsonrpc": "2.0", "id": NaN, "method": "initialize"}',
])
def test_anything_but_a_plain_initialize_first_is_left_to_the_sdk(first: bytes) -> None:
    assert load("9.9").take(first) is None


@pytest.mark.parametrize("after", [
    TOOLS,  # before notifications/initialized
    INIT,  # a second initialize
    {"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "enki_status", "arguments": {}}},
    {"jsonrpc": "2.0", "id": 2, "method": "ping"},
])
def test_after_initialize_only_the_initialized_notification_is_taken(after: Any) -> None:
    assert opened(INIT).take(line(after)) is None


def test_a_list_with_a_cursor_is_left_to_the_sdk() -> None:
    assert opened(INIT, INITIALIZED).take(line({**TOOLS, "params": {"cursor": "x"}})) is None


def test_the_replay_renames_the_initialize_and_keeps_the_notification() -> None:
    first, second = opened(INIT, INITIALIZED, TOOLS).replay().splitlines()
    assert json.loads(first) == {**INIT, "id": REPLAY_ID} and json.loads(second) == INITIALIZED
    assert load("9.9").replay() == b""
