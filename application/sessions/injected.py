"""What an injection produced, shared by the session-start and post-compact use cases."""

from dataclasses import dataclass
from datetime import datetime

from abzu.application.sessions.hook_ports import SessionJournal
from abzu.domain.injection import Tier
from abzu.domain.sessions.events import InjectionRecord


@dataclass(frozen=True, slots=True)
class Injected:
    """The block for Claude Code's additional context (starts with ABZU_CONTEXT_MARKER)."""

    text: str
    tier: Tier
    project: str | None
    collapsed: bool
    omitted: int


def log_injection(
    journal: SessionJournal, injected: Injected, *, session_id: str, event: str, at: datetime
) -> None:
    journal.record_injection(
        InjectionRecord(
            session_id=session_id, event=event, tier=injected.tier.value,
            characters=len(injected.text), collapsed=injected.collapsed, at=at,
            key=f"{session_id}:{event}:{at.isoformat()}",
        )
    )
