"""`abzu history ID` and `abzu history --since 7d` (issue 15)."""

from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from abzu.application.ports import Clock
from abzu.domain.history import MemoryEvent, parse_span

MAX_EVENTS = 1_000


class EventLog(Protocol):
    """The `memory_events` tables of both stores, oldest first; reads only."""

    def for_item(self, item_id: str) -> list[MemoryEvent]: ...
    def since(self, moment: datetime, limit: int) -> list[MemoryEvent]: ...


@dataclass(frozen=True, slots=True)
class History:
    events: EventLog
    clock: Clock

    def of_item(self, item_id: str) -> list[MemoryEvent]:
        return self.events.for_item(item_id.strip())

    def recent(self, span: str) -> list[MemoryEvent]:
        """Raises ValueError (a one-line message) for a span it cannot read."""
        return self.events.since(self.clock.now() - parse_span(span), MAX_EVENTS)
