"""A hook payload journaled as Claude Code sent it (SessionEnd, Stop), validated on ingestion.

Those two hooks must return at once, so they parse nothing beyond the session id: the payload
is kept (known fields only) and validated with the lenient pydantic model when the journal is
ingested, where its project folder and transcript size are worked out too.
"""

import json
import os

TYPE_CHECKING = False  # the journaling hooks only encode: no `typing`, datetime, pathlib, domain
if TYPE_CHECKING:
    from datetime import datetime
    from typing import Any

    from abzu.domain.sessions.events import SessionEvent

KEPT_FIELDS = ("session_id", "transcript_path", "cwd", "hook_event_name", "source", "reason", "trigger")


def encode_hook(
    event: str, payload: "dict[str, Any]", *, at: "datetime | str", project_dir: str | None
) -> str:
    """`at`: an aware datetime, or its ISO 8601 text (the hooks format it without datetime)."""
    kept = {k: payload[k] for k in KEPT_FIELDS if k in payload}
    stamp = at if isinstance(at, str) else at.isoformat()
    return json.dumps({"kind": "hook", "event": event, "at": stamp, "project_dir": project_dir,
                       "payload": kept}, ensure_ascii=False)


def decode_hook(body: "dict[str, Any]") -> "SessionEvent":
    """Raises ValueError (pydantic's ValidationError is one) for a payload that is not usable."""
    from datetime import datetime
    from pathlib import Path

    from abzu.adapters.claude_hook_payload import HookPayload
    from abzu.adapters.workspace import GitWorkspace
    from abzu.domain.sessions.events import HookEvent, SessionEvent

    payload = HookPayload.model_validate(body["payload"])
    folder = body.get("project_dir") or payload.cwd
    root = GitWorkspace(Path(folder)).root() if folder else None
    return SessionEvent(
        payload.session_id, HookEvent(body["event"]), datetime.fromisoformat(body["at"]),
        payload.transcript_path, root, _size(payload.transcript_path), payload.reason or payload.source,
    )


def _size(path: str | None) -> int | None:
    try:
        return os.stat(path).st_size if path else None
    except OSError:
        return None
