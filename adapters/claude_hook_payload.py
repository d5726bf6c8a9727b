"""The JSON Claude Code sends a hook on stdin (claude-code.md §3), validated leniently:
unknown fields are ignored and event fields are optional, because they change between versions.

Checked with the standard library: the rules are a handful (a session id pattern, optional
bounded strings), and pydantic-core's import plus a `SchemaValidator` cost 65-100 ms, a third
of a hook's budget. One validator serves the hooks and the journal's ingestion alike.
"""

import json
import re
from typing import NamedTuple

from abzu.domain.sessions.ids import SESSION_ID_PATTERN

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

MAX_TEXT = 200_000
_OPTIONAL_LIMITS = {
    "transcript_path": 4096, "cwd": 4096, "hook_event_name": 64,
    "source": 64,  # SessionStart
    "trigger": 64,  # PreCompact, PostCompact
    "reason": 64,  # SessionEnd
    "compact_summary": MAX_TEXT,  # PostCompact
}
_SESSION_ID = re.compile(SESSION_ID_PATTERN)


class PayloadError(ValueError):
    """A payload Abzu cannot use; the message names the field, never its value."""


class HookPayload(NamedTuple):
    """A NamedTuple, not a dataclass: the hooks build one class, and a frozen dataclass costs ~1 ms
    of a hook's start to generate (docs/benchmarks.md, hot hooks). The event fields
    (`_OPTIONAL_LIMITS`, in its order) are passed by name."""

    session_id: str
    transcript_path: str | None = None
    cwd: str | None = None
    hook_event_name: str | None = None
    source: str | None = None
    trigger: str | None = None
    reason: str | None = None
    compact_summary: str | None = None

    @classmethod
    def model_validate_json(cls, raw: str | bytes) -> "HookPayload":
        """Raises ValueError (json's JSONDecodeError, PayloadError) on an unusable payload."""
        return cls.model_validate(json.loads(raw))

    @classmethod
    def model_validate(cls, data: "Any") -> "HookPayload":
        if not isinstance(data, dict):
            raise PayloadError("payload is not a JSON object")
        session_id = data.get("session_id")
        session_id = session_id.strip() if isinstance(session_id, str) else None
        if not session_id or not _SESSION_ID.fullmatch(session_id):
            raise PayloadError("payload has no valid session_id")
        return cls(session_id, **{name: _text(data, name, limit) for name, limit in _OPTIONAL_LIMITS.items()})


def _text(data: "dict[str, Any]", name: str, limit: int) -> str | None:
    """Stripped text, None when absent or null; anything else is refused (as the model did)."""
    value = data.get(name)
    if value is None:
        return None
    if not isinstance(value, str):
        raise PayloadError(f"payload field {name} is not text")
    value = value.strip()
    if len(value) > limit:
        raise PayloadError(f"payload field {name} is longer than {limit} characters")
    return value
