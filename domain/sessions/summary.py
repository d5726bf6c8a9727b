"""Session summaries (abzu.db): snapshots at pre-compact, one reconciled final per session (§7)."""

from dataclasses import dataclass
from datetime import datetime


@dataclass(frozen=True, slots=True)
class SessionSummary:
    """A snapshot (`sequence` ≥ 1, taken at a compaction) or a session's final summary (`is_final`)."""

    id: str
    session_id: str
    project: str | None
    sequence: int
    created_at: datetime
    goal: str | None = None
    phase: str | None = None
    operational_state: str | None = None
    conversational_state: str | None = None
    is_final: bool = False
