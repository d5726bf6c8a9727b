"""What the hooks leave in the journal (spec §7): one `SessionEvent` per hook call, one
`InjectionRecord` per injection. Apart from record.py (which re-exports them): the session start
builds these, and record.py's lifecycle classes are the finalisation's (docs/benchmarks.md, hot hooks)."""

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum


class HookEvent(StrEnum):
    SESSION_START = "SessionStart"
    PRE_COMPACT = "PreCompact"
    POST_COMPACT = "PostCompact"
    STOP = "Stop"
    SESSION_END = "SessionEnd"


@dataclass(frozen=True, slots=True)
class SessionEvent:
    """One hook call. `root` is the project folder the session works in; `offset` the size of
    the transcript when the hook ran (how far the session is known to have got)."""

    session_id: str
    event: HookEvent
    at: datetime
    transcript_path: str | None = None
    root: str | None = None
    offset: int | None = None
    source: str | None = None  # SessionStart source, SessionEnd reason, compaction trigger


@dataclass(frozen=True, slots=True)
class InjectionRecord:
    """What one injection put into Claude Code's context (spec §7: log every collapse)."""

    session_id: str | None
    event: str  # "session_start" | "post_compact"
    tier: str
    characters: int
    collapsed: bool
    at: datetime
    key: str  # idempotency key: replaying a spooled record twice stores it once
