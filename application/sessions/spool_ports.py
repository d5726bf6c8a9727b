"""The journal's read side, for its ingestion (finalisation and recovery): apart from
hook_ports.py, whose journal the hooks write through, so that no hook builds `SpoolEntry`."""

from dataclasses import dataclass
from typing import Protocol

from abzu.domain.sessions.events import InjectionRecord, SessionEvent


@dataclass(frozen=True, slots=True)
class SpoolEntry:
    """One journal entry waiting to be ingested; `handle` names it to `SpoolSource.done`."""

    handle: str
    item: SessionEvent | InjectionRecord


class SpoolSource(Protocol):
    """The journal's entries waiting to be ingested. `done` forgets one (idempotent); an entry
    that cannot be parsed is set aside, never returned again, never deleted."""

    def pending(self) -> list[SpoolEntry]: ...
    def done(self, handle: str) -> None: ...
