"""Hand-written in-memory doubles of the ports, and a fixed clock."""

from collections.abc import Iterable, Sequence
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from types import TracebackType
from typing import Generic, Self, TypeVar

from returns.maybe import Maybe, Nothing, Some

from abzu.application.ports import BeadStats, StoreFile
from abzu.domain.bead import Bead, Candidate
from abzu.domain.decay import DecayPolicy
from abzu.domain.dedup import Existing, token_set
from abzu.domain.ranking import SearchHit, Source
from abzu.domain.scope import Scope
from abzu.domain.text import words

T0 = datetime(2026, 1, 15, 12, 0, tzinfo=UTC)


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


def _strength(terms: Sequence[str], text: str) -> float:
    """A stand-in for BM25: how many query terms (stem-free) occur, weighted by frequency."""
    tokens = words(text)
    return float(sum(tokens.count(t) for t in terms)) / (1 + len(tokens) / 20)


T = TypeVar("T", Bead, Candidate)
K = TypeVar("K")


class _Store(Generic[T]):
    def __init__(self) -> None:
        self.rows: dict[str, T] = {}

    def get(self, item_id: str) -> Maybe[T]:
        return Some(self.rows[item_id]) if item_id in self.rows else Nothing

    def add(self, item: T) -> None:
        assert item.id not in self.rows, "duplicate id"
        self.rows[item.id] = item

    def update(self, item: T) -> None:
        assert item.id in self.rows
        self.rows[item.id] = item

    def find_by_hash(self, content_hash: str, project: str | None) -> Maybe[T]:
        for item in self.rows.values():
            if item.content_hash == content_hash and item.project == project:
                return Some(item)
        return Nothing

    def neighbours(self, terms: Sequence[str], project: str | None, limit: int) -> list[Existing]:
        live = [i for i in self.rows.values() if i.is_live and i.project == project]
        scored = [(len(token_set(i.content) & set(terms)), i) for i in live]
        scored = [s for s in scored if s[0] > 0]
        scored.sort(key=lambda s: -s[0])
        return [Existing(i.id, i.content) for _, i in scored[:limit]]

    def _hits(self, terms: Sequence[str], scope: Scope) -> list[tuple[float, T]]:
        found = []
        for item in self.rows.values():
            if not item.is_live or not scope.admits(item.project) or _flagged(item):
                continue
            strength = _strength(terms, f"{item.content} {item.summary or ''}")
            if strength > 0:
                found.append((strength, item))
        return sorted(found, key=lambda f: -f[0])


def _flagged(item: Bead | Candidate) -> bool:
    return isinstance(item, Bead) and item.gemini_flagged


class InMemoryBeads(_Store[Bead]):
    """Enforces wisdom.db's foreign keys: a bead's project is registered, `superseded_by` exists."""

    def __init__(self, decay: DecayPolicy | None = None, projects: "InMemoryProjects | None" = None) -> None:
        super().__init__()
        self.decay = decay or DecayPolicy()
        self.projects = projects

    def add(self, item: Bead) -> None:
        self._check_keys(item)
        super().add(item)

    def update(self, item: Bead) -> None:
        self._check_keys(item)
        super().update(item)

    def _check_keys(self, item: Bead) -> None:
        unknown_project = self.projects is not None and item.project is not None and (
            item.project not in self.projects.paths
        )
        if unknown_project or (item.superseded_by and item.superseded_by not in self.rows):
            raise ValueError("FOREIGN KEY constraint failed")

    def search(
        self, terms: Sequence[str], scope: Scope, *, limit: int, now: datetime
    ) -> list[SearchHit]:
        return [
            SearchHit(b.id, Source.BEAD, b.category, b.project, b.content, b.summary,
                      b.created_at, s, self.decay.weight(b, now=now), b.last_accessed)
            for s, b in self._hits(terms, scope)[:limit]
        ]

    def mark_recalled(self, bead_ids: Sequence[str], at: datetime) -> None:
        for bead_id in bead_ids:
            self.rows[bead_id] = self.rows[bead_id].recalled(at=at)

    def apply_decay(self, now: datetime) -> int:
        changed = 0
        for b in list(self.rows.values()):
            weight = self.decay.weight(b, now=now)
            if weight != b.weight:
                self.rows[b.id], changed = b.with_weight(weight), changed + 1
        return changed

    def delete_flagged(self) -> list[str]:
        doomed = [b.id for b in self.rows.values() if b.gemini_flagged]
        for b in list(self.rows.values()):
            if b.superseded_by in doomed:
                self.rows[b.id] = replace(b, superseded_by=None)
        for bead_id in doomed:
            del self.rows[bead_id]
        return doomed


class InMemoryCandidates(_Store[Candidate]):
    def search(
        self, terms: Sequence[str], scope: Scope, *, limit: int, now: datetime
    ) -> list[SearchHit]:
        return [
            SearchHit(c.id, Source.CANDIDATE, c.category, c.project, c.content, c.summary,
                      c.created_at, s)
            for s, c in self._hits(terms, scope)[:limit]
        ]


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


def bead(bead_id: str = "b-1", content: str = "Use WAL mode for SQLite", **kw: object) -> Bead:
    from abzu.domain.category import Category
    from abzu.domain.content import content_hash

    fields: dict[str, object] = {
        "id": bead_id, "content": content, "category": Category.LEARNING, "project": "api",
        "content_hash": content_hash(content), "created_at": T0,
    }
    fields.update(kw)
    return Bead(**fields)  # type: ignore[arg-type]



def candidate(
    candidate_id: str = "c-1", content: str = "Use WAL for SQLite", project: str | None = "api", **kw: object
) -> Candidate:
    from abzu.domain.bead import CandidateSource
    from abzu.domain.category import Category
    from abzu.domain.content import content_hash

    fields: dict[str, object] = {
        "id": candidate_id, "content": content, "category": Category.LEARNING, "project": project,
        "content_hash": content_hash(content), "source": CandidateSource.MANUAL, "created_at": T0,
    }
    fields.update(kw)
    return Candidate(**fields)  # type: ignore[arg-type]
