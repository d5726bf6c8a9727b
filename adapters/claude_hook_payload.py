"""The JSON Claude Code sends a hook on stdin (claude-code.md §3), validated leniently:
unknown fields are ignored and event fields are optional, because they change between versions.

Validation is pydantic's own engine (pydantic-core) driven by a hand-written schema: a
`BaseModel` costs ~90 ms of import and class construction, a third of a hook's budget."""

from dataclasses import dataclass
from typing import Any

from pydantic_core import SchemaValidator
from pydantic_core import core_schema as cs

from abzu.domain.sessions.record import SESSION_ID_PATTERN

MAX_TEXT = 200_000
_OPTIONAL_LIMITS = {
    "transcript_path": 4096, "cwd": 4096, "hook_event_name": 64,
    "source": 64,  # SessionStart
    "trigger": 64,  # PreCompact, PostCompact
    "reason": 64,  # SessionEnd
    "compact_summary": MAX_TEXT,  # PostCompact
}


def _optional(limit: int) -> cs.TypedDictField:
    text = cs.str_schema(max_length=limit, strip_whitespace=True)
    return cs.typed_dict_field(cs.with_default_schema(cs.nullable_schema(text), default=None))


_VALIDATOR = SchemaValidator(
    cs.typed_dict_schema(
        {
            "session_id": cs.typed_dict_field(
                cs.str_schema(pattern=SESSION_ID_PATTERN, strip_whitespace=True)
            ),
            **{name: _optional(limit) for name, limit in _OPTIONAL_LIMITS.items()},
        },
        extra_behavior="ignore",
    )
)


@dataclass(frozen=True, slots=True)
class HookPayload:
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
        """Raises pydantic_core.ValidationError on a payload without a usable session id."""
        return cls(**_VALIDATOR.validate_json(raw))

    @classmethod
    def model_validate(cls, data: Any) -> "HookPayload":
        return cls(**_VALIDATOR.validate_python(data))
