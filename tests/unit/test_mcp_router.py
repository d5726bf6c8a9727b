"""The router (mcp_server/handover.py) between the client, the direct answers and the SDK: every
line goes to exactly one of them, in order, and the SDK learns of the client's hang-up."""

import io
import os

from abzu.entrypoints.mcp_server.handover import Wire, route
from abzu.entrypoints.mcp_server.outlet import Outlet


def answer_odd(line: bytes) -> bytes | None:
    """A stand-in for the direct recall: answers the lines it knows, refuses the rest."""
    return b"answered " + line + b"\n" if line.startswith(b"odd") else None


def routed(wire_in: bytes) -> tuple[bytes, bytes]:
    """What reached the client and what reached the SDK."""
    client_r, client_w = os.pipe()
    sdk_r, sdk_w = os.pipe()
    route(io.BufferedReader(io.BytesIO(wire_in)), answer_odd, Wire(Outlet(client_w)), sdk_w)
    os.close(client_w)
    with os.fdopen(client_r, "rb") as client, os.fdopen(sdk_r, "rb") as sdk:
        return client.read(), sdk.read()  # the SDK's read ends: route closed its pipe


def test_answered_lines_never_reach_the_sdk_and_the_rest_keep_their_order() -> None:
    client, sdk = routed(b"even 1\nodd 2\neven 3\r\nodd 4\r\neven 5\n")
    assert client == b"answered odd 2\nanswered odd 4\n"
    assert sdk == b"even 1\neven 3\r\neven 5\n"


def test_an_unfinished_last_line_is_the_sdks_to_judge() -> None:
    """No newline before the hang-up: not a whole message, so never answered directly."""
    client, sdk = routed(b"even 1\nodd 2")
    assert (client, sdk) == (b"", b"even 1\nodd 2")


def test_a_failing_direct_answer_leaves_the_line_to_the_sdk() -> None:
    def broken(_line: bytes) -> bytes | None:
        raise RuntimeError("bug")

    client_r, client_w = os.pipe()
    sdk_r, sdk_w = os.pipe()
    route(io.BufferedReader(io.BytesIO(b"odd 1\nodd 2\n")), broken, Wire(Outlet(client_w)), sdk_w)
    os.close(client_w)
    with os.fdopen(client_r, "rb") as client, os.fdopen(sdk_r, "rb") as sdk:
        assert (client.read(), sdk.read()) == (b"", b"odd 1\nodd 2\n")


def test_the_sdks_writes_are_whole_lines_on_the_same_wire() -> None:
    client_r, client_w = os.pipe()
    wire = Wire(Outlet(client_w))
    line = '{"id": 1, "text": "ünïcode"}\n'
    assert wire.write(line) == len(line)  # characters, as a text file counts them
    os.close(client_w)
    with os.fdopen(client_r, "rb") as client:
        assert client.read() == line.encode()
