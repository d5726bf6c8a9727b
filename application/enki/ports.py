"""Ports of the Enki use cases: files written by other parts of Enki, read but never changed."""

from dataclasses import dataclass
from typing import Protocol

from returns.result import Result

from abzu.domain.enki.em import Completion, EmRecords
from abzu.domain.enki.migration import OldBead
from abzu.domain.errors import ExpectedFailure


@dataclass(frozen=True, slots=True)
class UnreadableStore(ExpectedFailure):
    """A file that is missing, not SQLite, or lacks the tables Abzu needs."""

    template = "cannot read {path}: {reason}"
    path: str
    reason: str


@dataclass(frozen=True, slots=True)
class OldProject:
    name: str
    path: str | None


@dataclass(frozen=True, slots=True)
class OldEnkiExport:
    beads: tuple[OldBead, ...]
    projects: tuple[OldProject, ...]


class OldEnkiReader(Protocol):
    """Reads an old Enki wisdom.db read-only: its `beads` (id, content, type, project and an
    optional summary; other columns ignored) and its `projects` when that table exists."""

    def read(self, path: str) -> Result[OldEnkiExport, UnreadableStore]: ...


class EmReader(Protocol):
    """Reads a project's em.db read-only: mail_threads (id, subject), mail_messages (thread_id,
    sender, body, created_at), bugs (id, title, error, fix, status) and pm_decisions (id,
    proposal, decision, rationale); other columns and tables are ignored."""

    def read(self, path: str) -> Result[EmRecords, UnreadableStore]: ...


class CompletionLog(Protocol):
    """Which projects completed, when, and what became of their em.db."""

    def get(self, project: str) -> Completion | None: ...
    def put(self, completion: Completion) -> None: ...
    def all(self) -> list[Completion]: ...


class EmFiles(Protocol):
    def exists(self, path: str) -> bool: ...
    def remove(self, path: str) -> bool:
        """Delete the file (and its -wal / -shm companions); False when it was already gone."""
        ...
