"""Hand-written in-memory doubles of the ports, and a fixed clock."""

from collections.abc import Iterable
from datetime import datetime, timedelta
from types import TracebackType
from typing import Self, TypeVar

from returns.maybe import Maybe, Nothing, Some

from abzu.application.ports import BeadStats, StoreFile
from abzu.domain.bead import Bead, Candidate
from tests.builders import T0, bead, candidate
from tests.fake_stores import InMemoryBeads, InMemoryCandidates


class FixedClock:
    def __init__(self, at: datetime = T0) -> None:
        self.at = at

    def now(self) -> datetime:
        return self.at

    def advance(self, **delta: float) -> None:
        self.at += timedelta(**delta)


class SequentialIds:
    def __init__(self) -> None:
        self.count = 0

    def new_id(self, prefix: str) -> str:
        self.count += 1
        return f"{prefix}-{self.count:04d}"


class FixedWorkspace:
    def __init__(self, root: str | None = "/src/api") -> None:
        self._root = root

    def root(self) -> str | None:
        return self._root


K = TypeVar("K")


class InMemoryProjects:
    def __init__(self) -> None:
        self.paths: dict[str, str | None] = {}
        self.last_active: dict[str, datetime] = {}

    def name_for_path(self, path: str) -> Maybe[str]:
        for name, known in self.paths.items():
            if known == path:
                return Some(name)
        return Nothing

    def exists(self, name: str) -> bool:
        return name in self.paths

    def register(self, name: str, path: str | None, at: datetime) -> None:
        if name in self.paths or (path is not None and path in self.paths.values()):
            raise ValueError(f"project {name!r} or path {path!r} already registered")
        self.paths[name] = path

    def claim(self, name: str, path: str) -> bool:
        if name in self.paths and self.paths[name] is None and path not in self.paths.values():
            self.paths[name] = path
        return self.paths.get(name) == path

    def touch(self, name: str, at: datetime) -> None:
        if name in self.paths:
            self.last_active[name] = at


class InMemoryStats:
    def __init__(self, uow: "FakeUnitOfWork") -> None:
        self.uow = uow

    def bead_stats(self, now: datetime) -> BeadStats:
        live = [b for b in self.uow.beads.rows.values() if b.is_live]
        weights: dict[float, int] = {}
        for b in live:
            w = self.uow.beads.decay.weight(b, now=now)
            weights[w] = weights.get(w, 0) + 1
        return BeadStats(
            by_category=_count(b.category.value for b in live),
            by_project=_count(b.project for b in live),
            starred=sum(b.starred for b in live),
            flagged=sum(b.gemini_flagged for b in self.uow.beads.rows.values()),
            superseded=sum(not b.is_live for b in self.uow.beads.rows.values()),
            weights=weights,
        )

    def staged_by_project(self) -> dict[str | None, int]:
        return _count(c.project for c in self.uow.candidates.rows.values() if c.is_live)

    def last_review_at(self) -> datetime | None:
        return None


def _count(keys: Iterable[K]) -> dict[K, int]:
    counts: dict[K, int] = {}
    for k in keys:
        counts[k] = counts.get(k, 0) + 1
    return counts


_Snapshot = tuple[dict[str, Bead], dict[str, Candidate], dict[str, str | None], dict[str, datetime]]


class FakeUnitOfWork:
    """Commits snapshot the repositories; leaving without commit restores the last snapshot."""

    def __init__(self) -> None:
        self.projects = InMemoryProjects()
        self.beads = InMemoryBeads(projects=self.projects)
        self.candidates = InMemoryCandidates()
        self.stats = InMemoryStats(self)
        self.commits = 0
        self._saved = self._snapshot()

    def _snapshot(self) -> "_Snapshot":
        return (dict(self.beads.rows), dict(self.candidates.rows), dict(self.projects.paths),
                dict(self.projects.last_active))

    def __enter__(self) -> Self:
        self._saved = self._snapshot()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.rollback()

    def commit(self) -> None:
        self.commits += 1
        self._saved = self._snapshot()

    def rollback(self) -> None:
        beads, candidates, paths, active = self._saved
        self.beads.rows, self.candidates.rows = dict(beads), dict(candidates)
        self.projects.paths, self.projects.last_active = dict(paths), dict(active)


class FakeLocations:
    def describe(self) -> tuple[StoreFile, ...]:
        return (StoreFile("wisdom", "/tmp/wisdom.db", 0), StoreFile("staging", "/tmp/abzu.db", 0))

__all__ = [
    "T0", "FakeLocations", "FakeUnitOfWork", "FixedClock", "FixedWorkspace", "InMemoryBeads",
    "InMemoryCandidates", "InMemoryProjects", "InMemoryStats", "SequentialIds", "bead", "candidate",
]
