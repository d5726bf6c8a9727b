"""Claude Code sessions as Abzu tracks them (spec §7): hook events, lifecycle, injections.

Every hook leaves a `SessionEvent`; the `SessionRecord` folds them together, so a session
that never reached SessionEnd is still known and can be finalised later (crash recovery).
"""

from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum

from abzu.domain.sessions.events import HookEvent as HookEvent  # re-exported: what the hooks leave
from abzu.domain.sessions.events import InjectionRecord as InjectionRecord
from abzu.domain.sessions.events import SessionEvent as SessionEvent
from abzu.domain.sessions.ids import SESSION_ID_PATTERN as SESSION_ID_PATTERN

# Claude Code session ids are UUIDs; anything outside this never reaches a file name or an argv.


class FinalizedBy(StrEnum):
    SESSION_END = "session_end"
    RECOVERY = "recovery"


@dataclass(frozen=True, slots=True)
class SessionRecord:
    session_id: str
    project: str | None
    transcript_path: str | None
    root: str | None
    started_at: datetime | None
    last_event: str | None
    last_event_at: datetime | None
    ended_at: datetime | None = None
    finalized_at: datetime | None = None
    finalized_by: FinalizedBy | None = None
    last_offset: int | None = None

    @property
    def is_finalized(self) -> bool:
        return self.finalized_at is not None

    def needs_recovery(self, *, now: datetime, idle: timedelta, last_write: datetime | None) -> bool:
        """Unfinalised and either ended (SessionEnd ran, finalisation did not) or silent for
        `idle`: no hook and no transcript write since. A live session recovered by mistake is
        harmless: its next hook reopens it and its next finalisation replaces the summary."""
        if self.is_finalized:
            return False
        if self.ended_at is not None:
            return True
        signs = [t for t in (self.last_event_at, self.started_at, last_write) if t is not None]
        return not signs or now - max(signs) >= idle


@dataclass(frozen=True, slots=True)
class SessionCounts:
    captured: int  # finalised at SessionEnd
    recovered: int  # finalised by crash recovery
    pending: int  # seen by a hook, not finalised yet
    distilled: int = 0  # distillations (spec §6 step 2) that answered
    distill_failed: int = 0  # failed or timed out: the heuristic candidates stood alone
    distill_skipped: int = 0  # off, or over the daily cap
    capped: int = 0  # pending because the per-session cap stopped extraction: more to mine
