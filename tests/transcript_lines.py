"""Synthetic Claude Code JSONL lines, shaped like the real fixtures (claude-code.md §8)."""

import itertools
import json
from pathlib import Path

SESSION = "5e55-10n"
_counter = itertools.count(1)


def _envelope(kind: str, **extra: object) -> dict[str, object]:
    n = next(_counter)
    return {
        "parentUuid": None, "isSidechain": False, "userType": "external", "cwd": "/src/api",
        "sessionId": SESSION, "version": "2.1.3", "gitBranch": "main", "type": kind,
        "uuid": f"uuid-{n:05d}", "timestamp": f"2026-01-15T12:{n // 60 % 60:02d}:{n % 60:02d}.000Z",
        **extra,
    }


def user(text: str, **extra: object) -> dict[str, object]:
    return _envelope("user", message={"role": "user", "content": text}, **extra)


def assistant(*blocks: dict[str, object], **extra: object) -> dict[str, object]:
    return _envelope("assistant", message={
        "id": "msg_1", "role": "assistant", "model": "claude", "type": "message",
        "content": list(blocks), "stop_reason": None, "usage": {},
    }, requestId="req_1", **extra)


def text(value: str) -> dict[str, object]:
    return {"type": "text", "text": value}


def tool_use(tool_id: str, name: str, **tool_input: object) -> dict[str, object]:
    return {"type": "tool_use", "id": tool_id, "name": name, "input": tool_input}


def result(tool_id: str, content: str, *, is_error: bool | None = None, tool_use_result: object = None,
           **extra: object) -> dict[str, object]:
    block: dict[str, object] = {"type": "tool_result", "tool_use_id": tool_id, "content": content}
    if is_error is not None:
        block["is_error"] = is_error
    line = _envelope("user", message={"role": "user", "content": [block]}, **extra)
    if tool_use_result is not None:
        line["toolUseResult"] = tool_use_result
    return line


def call(tool_id: str, name: str, **tool_input: object) -> dict[str, object]:
    return assistant(tool_use(tool_id, name, **tool_input))


def attachment(content: str) -> dict[str, object]:
    return {"type": "attachment", "uuid": f"uuid-att-{next(_counter)}", "sessionId": SESSION,
            "attachment": {"type": "hook_additional_context", "content": [content],
                           "hookName": "SessionStart"}}


def queued(prompt: object, mode: str = "prompt") -> dict[str, object]:
    """What the person typed while Claude worked, as Claude Code 2.1.2xx hands it to the model."""
    return {"type": "attachment", "uuid": f"uuid-att-{next(_counter)}", "sessionId": SESSION,
            "attachment": {"type": "queued_command", "prompt": prompt, "commandMode": mode}}


def jsonl(*lines: dict[str, object]) -> bytes:
    return b"".join(json.dumps(line).encode() + b"\n" for line in lines)


def write(path: Path, *lines: dict[str, object]) -> Path:
    path.write_bytes(jsonl(*lines))
    return path


def append(path: Path, data: bytes) -> None:
    with path.open("ab") as handle:
        handle.write(data)
