"""The opening of an MCP session answered with the standard library while the SDK loads.

`import mcp` costs about a second (the package loads every pydantic type of the protocol), and
Claude Code waits for `initialize` and `tools/list` before it shows the server's tools. Both
answers depend only on the server's definition and the protocol version the client asks for,
so they are rendered ahead from the real SDK server (`handshake_render.py` writes
`handshake.json`; a contract test checks them against the SDK, field for field).

`Handshake.take` answers exactly the happy path: `initialize` first, then
`notifications/initialized`, then `tools/list` (and the prompt and resource lists) without
parameters. Anything else (another
method, a malformed line, a batch, unknown fields) is refused with `None`: the caller then
waits for the SDK and hands it everything, so the SDK's own answers and errors apply.
"""

import json
from pathlib import Path
from typing import Any

RENDERED = Path(__file__).with_name("handshake.json")
VERSION_SLOT = "{abzu_version}"  # serverInfo.version: the installed version, filled in at start
REPLAY_ID = "abzu-handshake-replay"  # the replayed initialize's id: its answer is swallowed
# What a client asks right after the handshake (Claude Code: tools, then prompts and resources,
# since the SDK advertises them); each answer depends only on the server's definition.
LISTS = ("tools/list", "prompts/list", "resources/list", "resources/templates/list")
_INIT_KEYS = frozenset(("protocolVersion", "capabilities", "clientInfo"))


class Handshake:
    """What the fast path answered, and what the SDK must be told to catch up (`replay`)."""

    def __init__(self, rendered: dict[str, Any], server_version: str) -> None:
        self._rendered, self._version = rendered, server_version
        self.initialize: dict[str, Any] | None = None  # the client's initialize request, once answered
        self.initialized: bytes | None = None  # the client's notifications/initialized line

    def take(self, line: bytes) -> bytes | None:
        """The answer line (b"" for a notification needing none), or None: not ours to answer."""
        message = _request(line)
        if message is None:
            return None
        method = message["method"]
        if self.initialize is None:
            return self._initialize(message) if method == "initialize" else None
        if self.initialized is None:
            if method == "notifications/initialized" and "id" not in message and _no_params(message):
                self.initialized = line
                return b""
            return None
        if method in LISTS and "id" in message and _no_params(message):
            return _reply(message["id"], self._version_rendered()[method])
        return None

    def replay(self) -> bytes:
        """The lines that bring the SDK's session to where the client believes it is."""
        if self.initialize is None:
            return b""
        request = {**self.initialize, "id": REPLAY_ID}
        initialized = b"" if self.initialized is None else self.initialized + b"\n"
        return json.dumps(request).encode() + b"\n" + initialized

    def _initialize(self, message: dict[str, Any]) -> bytes | None:
        params = message.get("params")
        if "id" not in message or params is None or not _plain_init_params(params):
            return None
        self.initialize = message
        return _reply(message["id"], self._version_rendered(params["protocolVersion"])["initialize"])

    def _version_rendered(self, requested: str | None = None) -> dict[str, Any]:
        if requested is None:
            assert self.initialize is not None
            requested = self.initialize["params"]["protocolVersion"]
        versions: dict[str, Any] = self._rendered["versions"]
        answers: dict[str, Any] = versions.get(requested, versions[self._rendered["fallback"]])
        init = answers["initialize"]
        info = {**init["serverInfo"], "version": self._version}
        return {**answers, "initialize": {**init, "serverInfo": info}}


def load(server_version: str) -> Handshake:
    return Handshake(json.loads(RENDERED.read_text(encoding="utf-8")), server_version)


def _request(line: bytes) -> dict[str, Any] | None:
    """A single JSON-RPC message of the plainest form, or None (the SDK will judge it)."""
    try:
        message = json.loads(line, parse_constant=_refuse)
    except ValueError:  # malformed JSON, bad UTF-8, NaN/Infinity
        return None
    if not isinstance(message, dict) or message.get("jsonrpc") != "2.0":
        return None  # a batch, a bare value, another protocol
    if not set(message) <= {"jsonrpc", "id", "method", "params"}:
        return None
    if not isinstance(message.get("method"), str):
        return None
    ident = message.get("id", "")
    if isinstance(ident, bool) or not isinstance(ident, int | str):
        return None
    return message


def _refuse(constant: str) -> None:
    raise ValueError(constant)


def _no_params(message: dict[str, Any]) -> bool:
    return bool(message.get("params", {}) == {})


def _plain_init_params(params: Any) -> bool:
    """Exactly the three fields, of the plain shapes a client sends (no `_meta`, no extras)."""
    if not isinstance(params, dict) or set(params) != _INIT_KEYS:
        return False
    info, capabilities = params["clientInfo"], params["capabilities"]
    return (isinstance(params["protocolVersion"], str) and isinstance(capabilities, dict)
            and all(isinstance(value, dict) for value in capabilities.values())
            and isinstance(info, dict) and set(info) == {"name", "version"}
            and all(isinstance(value, str) for value in info.values()))


def _reply(ident: int | str, result: dict[str, Any]) -> bytes:
    answer = {"jsonrpc": "2.0", "id": ident, "result": result}
    return json.dumps(answer, ensure_ascii=False, separators=(",", ":")).encode() + b"\n"
