"""The fast handshake (mcp_server/handshake.py) answers exactly what the SDK server itself answers:
for every protocol version of the handshake era, one it does not support and the 2026 one asked
through `initialize`, field for field. A failure here means handshake.json is stale: re-render it
(`python -m abzu.entrypoints.mcp_server.handshake_render`)."""

import json
from typing import Any

import anyio
import pytest
from mcp_types.version import HANDSHAKE_PROTOCOL_VERSIONS, MODERN_PROTOCOL_VERSIONS

from abzu.entrypoints.mcp_server.handshake import load
from abzu.entrypoints.mcp_server.handshake_render import exchange, opening
from abzu.entrypoints.mcp_server.server import build_server
from abzu.entrypoints.version import abzu_version
from abzu.entrypoints.wiring.container import Container

ASKED = [*HANDSHAKE_PROTOCOL_VERSIONS, *MODERN_PROTOCOL_VERSIONS, "1999-01-01", "not-a-version"]


def fast_answers(lines: list[str]) -> list[dict[str, Any]]:
    handshake = load(abzu_version())
    answers = [handshake.take(line.encode()) for line in lines]
    assert None not in answers, "the fast path refused part of a plain opening"
    return [json.loads(answer) for answer in answers if answer]


@pytest.mark.parametrize("version", ASKED)
def test_fast_answers_equal_the_sdk_servers(container: Container, version: str) -> None:
    lines = opening(version)
    sdk = anyio.run(exchange, build_server(container), lines)
    assert fast_answers(lines) == sdk
    assert len(sdk) == 5 and sdk[1]["result"]["tools"]  # initialize and the four lists


def test_the_version_is_negotiated_as_the_sdk_does(container: Container) -> None:
    [init, *_] = fast_answers(opening("1999-01-01"))
    assert init["result"]["protocolVersion"] == HANDSHAKE_PROTOCOL_VERSIONS[-1]
    assert init["result"]["serverInfo"] == {"name": "abzu", "version": abzu_version()}
