"""Ports of the Enki use cases: files written by other parts of Enki, read but never changed."""

from dataclasses import dataclass
from typing import Protocol

from returns.result import Result

from abzu.domain.enki.migration import OldBead


@dataclass(frozen=True, slots=True)
class UnreadableStore:
    """A file that is missing, not SQLite, or lacks the tables Abzu needs."""

    path: str
    reason: str

    @property
    def message(self) -> str:
        return f"cannot read {self.path}: {self.reason}"


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
