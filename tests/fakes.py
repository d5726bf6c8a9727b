"""Hand-written in-memory doubles of the ports, and a fixed clock."""

from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from datetime import datetime, timedelta
from types import TracebackType
from typing import Self, TypeVar

from returns.maybe import Maybe, Nothing, Some
from returns.result import Failure, Result, Success

from abzu.application.ports import BeadStats, StoreFile
from abzu.application.review.ports import (
    PERSON,
    ReviewAnswer,
    ReviewerIdentity,
    ReviewFailure,
    ReviewRecord,
    SnapshotMissing,
)
from abzu.application.review.report import ReviewReport
from abzu.domain.anchors import Anchor, Staleness
from abzu.domain.bead import Bead, Candidate
from abzu.domain.review.model import Proposal, ReviewBatch
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
    def __init__(self, root: str | None = "/src/api", remotes: dict[str, str] | None = None) -> None:
        """`remotes`: root -> the normalised remote of the repository there (none by default)."""
        self._root, self.remotes = root, remotes or {}

    def root(self) -> str | None:
        return self._root

    def remote(self, root: str) -> str | None:
        return self.remotes.get(root)


K = TypeVar("K")
P = TypeVar("P")


class InMemoryProjects:
    def __init__(self) -> None:
        self.paths: dict[str, str | None] = {}
        self.remotes: dict[str, str] = {}  # name -> remote, for the projects that have one
        self.last_active: dict[str, datetime] = {}

    def name_for_path(self, path: str) -> str | None:
        for name, known in self.paths.items():
            if known == path:
                return name
        return None

    def name_for_remote(self, remote: str) -> str | None:
        return next((name for name, known in self.remotes.items() if known == remote), None)

    def exists(self, name: str) -> bool:
        return name in self.paths

    def register(self, name: str, path: str | None, at: datetime, remote: str | None = None) -> None:
        if name in self.paths or (path is not None and path in self.paths.values()) or (
                remote is not None and remote in self.remotes.values()):
            raise ValueError(f"project {name!r}, path {path!r} or remote {remote!r} already registered")
        self.paths[name] = path
        if remote is not None:
            self.remotes[name] = remote

    def claim(self, name: str, path: str, remote: str | None = None) -> bool:
        if (name in self.paths and self.paths[name] is None and path not in self.paths.values()
                and self.remotes.get(name, remote) == remote):
            self.paths[name] = path
            if remote is not None:
                self.add_remote(name, remote)
        return self.paths.get(name) == path

    def add_remote(self, name: str, remote: str) -> None:
        if name in self.paths and name not in self.remotes and remote not in self.remotes.values():
            self.remotes[name] = remote

    def touch(self, name: str, at: datetime) -> None:
        if name in self.paths:
            self.last_active[name] = at

    def needs_touch(self, name: str, at: datetime) -> bool:
        return name in self.paths and self.last_active.get(name) != at


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
        finished = [r.finished_at for r in self.uow.reviews.rows.values() if r.finished_at]
        return max(finished, default=None)


def _count(keys: Iterable[K]) -> dict[K, int]:
    counts: dict[K, int] = {}
    for k in keys:
        counts[k] = counts.get(k, 0) + 1
    return counts


class InMemoryReviewLog:
    def __init__(self) -> None:
        self.rows: dict[str, ReviewReport] = {}
        self.undone: dict[str, datetime] = {}

    def save(self, report: ReviewReport) -> None:
        self.rows[report.review_id] = report

    def last_undoable(self) -> Maybe[ReviewRecord]:
        open_ = [r for r in self.rows.values() if r.snapshot and r.review_id not in self.undone]
        if not open_:
            return Nothing
        last = max(open_, key=lambda r: (r.started_at, r.review_id))
        return Some(ReviewRecord(last.review_id, last.started_at, last.snapshot or "", last.finished_at,
                                 last.reviewer))

    def mark_undone(self, review_id: str, at: datetime) -> None:
        self.undone[review_id] = at


class InMemoryArchive:
    def __init__(self) -> None:
        self.rows: dict[tuple[str, str], Candidate] = {}

    def keep(self, review_id: str, candidates: Sequence[Candidate]) -> None:
        for c in candidates:
            self.rows.setdefault((review_id, c.id), c)

    def taken_by(self, review_id: str) -> list[Candidate]:
        return [c for (rid, _), c in self.rows.items() if rid == review_id]




class InMemoryAnchors:
    """Anchors by memory id; the first commit given for an anchor is kept (like INSERT OR IGNORE)."""

    def __init__(self) -> None:
        self.rows: dict[str, dict[Anchor, str | None]] = {}

    def attach(self, memory_id: str, anchors: Sequence[Anchor], commit: str | None = None) -> None:
        for anchor in anchors:
            self.rows.setdefault(memory_id, {}).setdefault(anchor, anchor.commit or commit)

    def of(self, memory_id: str) -> tuple[Anchor, ...]:
        found = [replace(a, commit=c) for a, c in self.rows.get(memory_id, {}).items()]
        return tuple(sorted(found, key=lambda a: (a.kind.value, a.value)))


class InMemoryBeadSources:
    """bead id -> its sources, in the order first recorded (a source given again is kept once)."""

    def __init__(self) -> None:
        self.rows: dict[str, tuple[str, ...]] = {}

    def record(self, bead_id: str, source_ids: Sequence[str]) -> None:
        known = self.rows.get(bead_id, ())
        self.rows[bead_id] = tuple(dict.fromkeys([*known, *(s for s in source_ids if s != bead_id)]))

    def of(self, bead_id: str) -> tuple[str, ...]:
        return tuple(sorted(self.rows.get(bead_id, ())))


_Saved = tuple[
    dict[str, Bead], dict[str, Candidate], dict[str, str | None], dict[str, datetime],
    dict[str, ReviewReport], dict[str, datetime], dict[tuple[str, str], Candidate],
]


class FakeUnitOfWork:
    """Commits snapshot the repositories; leaving without commit restores the last snapshot.
    `active` is True inside `with uow:` (a transaction would be open)."""

    def __init__(self) -> None:
        self.projects = InMemoryProjects()
        self.beads = InMemoryBeads(projects=self.projects)
        self.candidates = InMemoryCandidates()
        self.stats = InMemoryStats(self)
        self.reviews = InMemoryReviewLog()
        self.archive = InMemoryArchive()
        self.bead_anchors, self.candidate_anchors = InMemoryAnchors(), InMemoryAnchors()
        self.bead_sources = InMemoryBeadSources()
        self.commits = 0
        self.active = False
        self._saved = self._snapshot()

    def _snapshot(self) -> _Saved:
        self._saved_anchors = ({k: dict(v) for k, v in self.bead_anchors.rows.items()},
                               {k: dict(v) for k, v in self.candidate_anchors.rows.items()})
        self._saved_sources = dict(self.bead_sources.rows)
        return (dict(self.beads.rows), dict(self.candidates.rows), dict(self.projects.paths),
                dict(self.projects.last_active), dict(self.reviews.rows),
                dict(self.reviews.undone), dict(self.archive.rows))

    def __enter__(self) -> Self:
        self._saved = self._snapshot()
        self.active = True
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.rollback()
        self.active = False

    def commit(self) -> None:
        self.commits += 1
        self._saved = self._snapshot()

    def rollback(self) -> None:
        beads, candidates, paths, active, reviews, undone, archive = self._saved
        self.beads.rows, self.candidates.rows = dict(beads), dict(candidates)
        self.projects.paths, self.projects.last_active = dict(paths), dict(active)
        self.reviews.rows, self.reviews.undone = dict(reviews), dict(undone)
        self.archive.rows = dict(archive)
        beads_at, candidates_at = self._saved_anchors
        self.bead_anchors.rows = {k: dict(v) for k, v in beads_at.items()}
        self.candidate_anchors.rows = {k: dict(v) for k, v in candidates_at.items()}
        self.bead_sources.rows = dict(self._saved_sources)


class FakeSnapshots:
    """Snapshots of the fake wisdom store (its beads and projects), newest `keep` kept."""

    def __init__(self, uow: FakeUnitOfWork, keep: int = 5) -> None:
        self.uow, self.keep = uow, keep
        self.saved: dict[str, tuple[dict[str, Bead], dict[str, str | None]]] = {}
        self.restored: list[str] = []

    def take(self, label: str) -> str:
        assert not self.uow.active, "a snapshot is taken outside any transaction"
        name = f"snap-{len(self.saved) + len(self.restored) + 1}-{label}"
        self.saved[name] = (dict(self.uow.beads.rows), dict(self.uow.projects.paths))
        for old in list(self.saved)[: -self.keep]:
            del self.saved[old]
        return name

    def restore(self, snapshot: str) -> Result[None, SnapshotMissing]:
        if snapshot not in self.saved:
            return Failure(SnapshotMissing(snapshot))
        beads, paths = self.saved[snapshot]
        self.uow.beads.rows, self.uow.projects.paths = dict(beads), dict(paths)
        self.uow.commit()
        self.restored.append(snapshot)
        return Success(None)


Script = Callable[[ReviewBatch], "Result[ReviewAnswer, ReviewFailure] | Sequence[Proposal]"]


class ScriptedReviewer:
    """Replays one scripted answer per batch (proposals, a failure, or a function of the batch),
    records every batch it was sent and whether a transaction was open at that moment."""

    def __init__(
        self, *answers: "Sequence[Proposal] | Result[ReviewAnswer, ReviewFailure] | Script",
        uow: FakeUnitOfWork | None = None, human: bool = False,
    ) -> None:
        self.answers = list(answers)
        self.uow, self.human = uow, human
        self.batches: list[ReviewBatch] = []
        self.open_transactions = 0

    @property
    def identity(self) -> ReviewerIdentity:
        return ReviewerIdentity(PERSON if self.human else "scripted", None, human=self.human)

    def review(self, batch: ReviewBatch) -> Result[ReviewAnswer, ReviewFailure]:
        self.batches.append(batch)
        if self.uow is not None and self.uow.active:
            self.open_transactions += 1
        answer = self.answers.pop(0) if self.answers else ()
        if callable(answer):
            answer = answer(batch)
        if isinstance(answer, Result):
            return answer
        return Success(ReviewAnswer(tuple(answer), tokens_in=100, tokens_out=20))




class FakeLocations:
    def describe(self) -> tuple[StoreFile, ...]:
        return (StoreFile("wisdom", "/tmp/wisdom.db", 0), StoreFile("staging", "/tmp/abzu.db", 0))

__all__ = [
    "T0", "FakeLocations", "FakeUnitOfWork", "FixedClock", "FixedWorkspace", "InMemoryBeads",
    "InMemoryCandidates", "InMemoryProjects", "InMemoryStats", "ScriptedReviewer", "SequentialIds",
    "bead", "candidate",
]


def present(item: P | None) -> P:
    """A repository answer that must be there (`get`, `final_of`... return None when not)."""
    assert item is not None
    return item


class FakeGit:
    """A `GitRepo` (issue 16) answering from tables: HEAD per folder, changes per (root, commit).
    A root or commit it was not told about is "cannot tell" (None), like git outside a repository."""

    def __init__(self, heads: dict[str, str] | None = None,
                 changes: dict[tuple[str, str], dict[str, Staleness]] | None = None) -> None:
        self.heads = heads or {}
        self.changed = changes or {}
        self.asked: list[tuple[str, ...]] = []

    def head(self, folder: str) -> str | None:
        self.asked.append(("head", folder))
        return self.heads.get(folder)

    def changes(self, root: str, commit: str, paths: Sequence[str]) -> dict[str, Staleness] | None:
        self.asked.append(("diff", root, commit, *paths))
        found = self.changed.get((root, commit))
        return None if found is None else {p: s for p, s in found.items() if p in paths}
