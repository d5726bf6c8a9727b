"""`enki_recall` answered beside the SDK: the call agents make most, without its round trip.

Through the SDK a warm `enki_recall` spends about as long in the SDK as in the recall itself
(stdin read in a worker thread, JSON-RPC and argument models, the sync tool in another worker
thread, the answer's model dump, two more thread hops to write it). `DirectRecall.take` answers
the plain case with the same use case and the same view (`RecallAnswer`), rendered the way the
SDK renders a structured tool result; tests/contract/test_mcp_direct_recall.py holds the two
equal, field for field.

Anything else is refused with `None` and goes to the SDK, whose answer then applies: another
tool or method, arguments the SDK would coerce or reject (a string limit, an unknown key, an
empty query), and a consumer without the right to recall. A recall that fails is answered
here with the SDK's own error answer (the same message, logged the same way), not run again
through the SDK: a second run costs as much and ends in the same error.
"""

import json
from typing import Any, TypeGuard

import pydantic_core
from returns.pipeline import is_successful

from abzu.application.recall import MAX_LIMIT, RecallRequest
from abzu.domain.enki.consumers import Action, refusal
from abzu.entrypoints.mcp_server.answers import RecallAnswer
from abzu.entrypoints.mcp_server.runtime import App, explain

TOOL = "enki_recall"
_MESSAGE_KEYS = frozenset(("jsonrpc", "id", "method", "params"))
_PARAM_KEYS = frozenset(("name", "arguments", "_meta"))
_ARGUMENT_KEYS = frozenset(("query", "scope", "project", "limit"))
_SCOPES = ("project", "all")


class DirectRecall:
    """Answers plain `enki_recall` calls of a session the fast handshake opened."""

    def __init__(self, app: App) -> None:
        self._app = app

    def take(self, line: bytes) -> bytes | None:
        """The answer line, or None: the SDK's to answer."""
        call = plain_recall(line)
        if call is None or refusal(self._app.consumer, Action.RECALL) is not None:
            return None
        ident, request = call
        try:
            found = self._app.container().recall().execute(request)
        except Exception as exc:  # logged and explained as the SDK's tool would (runtime.py)
            return failed(ident, explain(TOOL, exc, self._app))
        if not is_successful(found):
            return failed(ident, found.failure().message)
        return reply(ident, RecallAnswer.of(found.unwrap()))


def reply(ident: str | int, answer: RecallAnswer) -> bytes:
    """The line the SDK's stdio transport writes for this structured result (MCPServer's
    conversion: the model as indented JSON text, and the model dumped as structuredContent).
    One pydantic-core pass writes the whole line: a third of `json.dumps`' time here."""
    text = pydantic_core.to_json(answer, fallback=str, indent=2).decode()
    result = {"content": [{"text": text, "type": "text"}], "isError": False, "structuredContent": answer}
    return pydantic_core.to_json({"jsonrpc": "2.0", "id": ident, "result": result}) + b"\n"


def failed(ident: str | int, message: str) -> bytes:
    """The SDK's line for the tool raising ToolError(message) (MCPServer's call_tool handler)."""
    result = {"content": [{"type": "text", "text": f"Error executing tool {TOOL}: {message}"}],
              "isError": True}
    return pydantic_core.to_json({"jsonrpc": "2.0", "id": ident, "result": result}) + b"\n"


def plain_recall(line: bytes) -> tuple[str | int, RecallRequest] | None:
    """(id, request) when `line` is a tools/call of enki_recall whose arguments the SDK would
    accept exactly as given; None for anything else."""
    try:
        message = json.loads(line)
    except ValueError:
        return None
    if not isinstance(message, dict) or not message.keys() <= _MESSAGE_KEYS:
        return None
    ident, params = message.get("id"), message.get("params")
    if message.get("jsonrpc") != "2.0" or message.get("method") != "tools/call" or not _plain_id(ident):
        return None
    if not isinstance(params, dict) or not params.keys() <= _PARAM_KEYS or params.get("name") != TOOL:
        return None
    if not isinstance(params.get("_meta", {}), dict):
        return None
    request = _request(params.get("arguments", {}))
    return None if request is None else (ident, request)


def _request(arguments: Any) -> RecallRequest | None:
    if not isinstance(arguments, dict) or not arguments.keys() <= _ARGUMENT_KEYS:
        return None
    query, scope = arguments.get("query"), arguments.get("scope", "project")
    project, limit = arguments.get("project"), arguments.get("limit", 10)
    if not (_text(query) and query and scope in _SCOPES and (project is None or _text(project))):
        return None
    if type(limit) is not int or not 1 <= limit <= MAX_LIMIT:  # bool and "5" are the SDK's
        return None
    return RecallRequest(query, scope, project, limit)


def _text(value: Any) -> bool:
    """A str the SDK reads the same: a lone surrogate from a JSON escape is its to judge."""
    if not isinstance(value, str):
        return False
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _plain_id(ident: Any) -> TypeGuard[str | int]:
    return isinstance(ident, str) or (type(ident) is int)
