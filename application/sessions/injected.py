"""What an injection produced, shared by the session-start and post-compact use cases."""

from datetime import datetime

from abzu.application.sessions.hook_ports import SessionJournal
from abzu.domain.injection import Tier
from abzu.domain.sessions.record import InjectionRecord
from abzu.domain.values import Value


class Injected(Value):  # a Value, not @dataclass: see domain/values.py
    """The block for Claude Code's additional context (starts with ABZU_CONTEXT_MARKER)."""

    __slots__ = __match_args__ = ("text", "tier", "project", "collapsed", "omitted")
    text: str
    tier: Tier
    project: str | None
    collapsed: bool
    omitted: int

    def __init__(self, text: str, tier: Tier, project: str | None, collapsed: bool, omitted: int) -> None:
        self._set(text=text, tier=tier, project=project, collapsed=collapsed, omitted=omitted)


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
