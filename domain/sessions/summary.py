"""Session summaries (abzu.db): snapshots at pre-compact, one reconciled final per session (§7)."""

from datetime import datetime

from abzu.domain.values import Value


class SessionSummary(Value):  # a Value, not @dataclass: see domain/values.py
    __slots__ = __match_args__ = ("id", "session_id", "project", "sequence", "created_at", "goal", "phase",
        "operational_state", "conversational_state", "is_final")
    id: str
    session_id: str
    project: str | None
    sequence: int
    created_at: datetime
    goal: str | None
    phase: str | None
    operational_state: str | None
    conversational_state: str | None
    is_final: bool

    def __init__(self, id: str, session_id: str, project: str | None, sequence: int, created_at: datetime,
            goal: str | None = None, phase: str | None = None, operational_state: str | None = None,
            conversational_state: str | None = None, is_final: bool = False) -> None:
        self._set(id=id, session_id=session_id, project=project, sequence=sequence, created_at=created_at,
            goal=goal, phase=phase, operational_state=operational_state,
            conversational_state=conversational_state, is_final=is_final)

    @property
    def is_snapshot(self) -> bool:
        return not self.is_final and self.sequence > 0
