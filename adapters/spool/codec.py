"""Journal entries <-> JSON (one small file each)."""

import json
from datetime import datetime
from typing import Any

from abzu.domain.sessions.events import HookEvent, InjectionRecord, SessionEvent


def encode(item: SessionEvent | InjectionRecord) -> str:
    if isinstance(item, SessionEvent):
        body: dict[str, Any] = {
            "kind": "event", "session_id": item.session_id, "event": item.event.value,
            "at": item.at.isoformat(), "transcript_path": item.transcript_path, "root": item.root,
            "offset": item.offset, "source": item.source,
        }
    else:
        body = {
            "kind": "injection", "session_id": item.session_id, "event": item.event,
            "tier": item.tier, "characters": item.characters, "collapsed": item.collapsed,
            "at": item.at.isoformat(), "key": item.key,
        }
    return json.dumps(body, ensure_ascii=False)


def decode(raw: str) -> SessionEvent | InjectionRecord:
    """Raises ValueError (or KeyError/TypeError) for anything that is not a journal entry."""
    body = json.loads(raw)
    at = datetime.fromisoformat(body["at"])
    if body["kind"] == "event":
        return SessionEvent(
            str(body["session_id"]), HookEvent(body["event"]), at, body.get("transcript_path"),
            body.get("root"), body.get("offset"), body.get("source"),
        )
    if body["kind"] == "hook":
        from abzu.adapters.spool.hook_entry import decode_hook

        return decode_hook(body)
    if body["kind"] == "injection":
        return InjectionRecord(
            body.get("session_id"), str(body["event"]), str(body["tier"]), int(body["characters"]),
            bool(body["collapsed"]), at, str(body["key"]),
        )
    raise ValueError(f"unknown journal entry kind {body['kind']!r}")
