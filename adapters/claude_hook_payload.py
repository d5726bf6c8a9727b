"""The JSON Claude Code sends a hook on stdin (claude-code.md §3), validated leniently:
unknown fields are ignored and event fields are optional, because they change between versions."""

from pydantic import BaseModel, ConfigDict, Field

from abzu.domain.session_record import SESSION_ID_PATTERN

MAX_TEXT = 200_000


class HookPayload(BaseModel):
    model_config = ConfigDict(extra="ignore", str_strip_whitespace=True)

    session_id: str = Field(pattern=SESSION_ID_PATTERN)
    transcript_path: str | None = Field(default=None, max_length=4096)
    cwd: str | None = Field(default=None, max_length=4096)
    hook_event_name: str | None = Field(default=None, max_length=64)
    source: str | None = Field(default=None, max_length=64)  # SessionStart
    trigger: str | None = Field(default=None, max_length=64)  # PreCompact, PostCompact
    reason: str | None = Field(default=None, max_length=64)  # SessionEnd
    compact_summary: str | None = Field(default=None, max_length=MAX_TEXT)  # PostCompact
