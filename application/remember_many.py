"""Use case: remember many pieces of knowledge at once (bulk import; spec §6, §10)."""

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from functools import partial

from returns.pipeline import is_successful
from returns.result import Result, Success

from abzu.application.anchors.commit import anchored
from abzu.application.anchors.ports import GitRepo
from abzu.application.batch_neighbours import BatchNeighbours
from abzu.application.batch_writes import BatchWrites
from abzu.application.memory_writer import Draft, Known, MemoryWriter, prepare
from abzu.application.ports import Clock, IdGenerator, UnitOfWork, Workspace
from abzu.application.projects import resolve_project
from abzu.application.remember_io import Destination, Remembered, RememberError, RememberRequest
from abzu.application.store_neighbours import StoreNeighbours
from abzu.domain.content import MAX_CONTENT_CHARS
from abzu.domain.dedup import DedupOutcome, DedupPolicy, DedupVerdict, Existing

DEFAULT_BATCH_SIZE = 500
ItemResult = Result[Remembered, RememberError]


@dataclass(frozen=True, slots=True)
class RememberedMany:
    """One result per request, in request order."""

    items: tuple[ItemResult, ...]

    def count(self, outcome: DedupOutcome) -> int:
        return sum(1 for r in self.items if is_successful(r) and _outcome(r.unwrap()) is outcome)

    @property
    def failed(self) -> int:
        return sum(1 for r in self.items if not is_successful(r))


@dataclass(frozen=True, slots=True)
class RememberMany:
    """- Every item follows exactly Remember's rules: validation, NUL stripping, redaction,
      preferences to wisdom.db and the rest to staging, duplicate skip and supersede.
    - Items are deduplicated against earlier items of the same import, as if remembered one by one.
    - One transaction per batch of `batch_size` items: a batch is stored whole or not at all.
    - An invalid item is reported in its place and does not stop the others.
    """

    uow: UnitOfWork
    clock: Clock
    ids: IdGenerator
    workspace: Workspace
    dedup: DedupPolicy = field(default_factory=DedupPolicy)
    max_chars: int = MAX_CONTENT_CHARS
    batch_size: int = DEFAULT_BATCH_SIZE
    git: GitRepo | None = None  # the commit file anchors (mined candidates) were observed at

    def execute(self, requests: Sequence[RememberRequest]) -> RememberedMany:
        size = max(1, self.batch_size)
        results: list[ItemResult] = []
        for start in range(0, len(requests), size):
            results += self._batch(requests[start : start + size])
        return RememberedMany(tuple(results))

    def _batch(self, batch: Sequence[RememberRequest]) -> list[ItemResult]:
        """Every look-up of the batch first, then every write: see `batch_neighbours` for why."""
        drafts = [prepare(r, max_chars=self.max_chars) for r in batch]
        valid = [d for d in (r.value_or(None) for r in drafts) if d is not None]
        hashes = [d.hash for d in valid]
        now, root = self.clock.now(), self.workspace.root()
        commit = self.git.head(root) if self.git and root and any(r.files for r in batch) else None
        with self.uow as uow:
            writer = MemoryWriter(uow, self.clock, self.ids, self.dedup)
            planner = _Planner(self, writer, hashes, now, BatchNeighbours(self.dedup.threshold),
                               contents=[d.content for d in valid])
            plans = [d.map(partial(planner.plan, slot=f"#{i}")) for i, d in enumerate(drafts)]
            results = self._write_all(plans, root, commit)
            for project in {p for p in planner.projects.values() if p is not None}:
                uow.projects.touch(project, now)
            _settle(uow, plans)
            uow.commit()
        return results

    def _write_all(self, plans: list[Result["_Plan", RememberError]], root: str | None,
                   commit: str | None) -> list[ItemResult]:
        """The write phase, in request order; anchors once the rows they name are written."""
        stored: dict[str, str] = {}  # a plan's slot -> the id it was stored under
        writes = BatchWrites(self.ids, self.clock)
        results = [p.map(partial(_write, writes, stored=stored)) for p in plans]
        writes.flush(self.uow)
        for done, plan in zip(results, plans, strict=True):
            if isinstance(done, Success) and isinstance(plan, Success):
                anchored(self.uow, done.unwrap(), plan.unwrap().draft.request, root, commit)
        return results

    def _project(self, request: RememberRequest, now: datetime) -> str | None:
        if request.is_global:
            return None
        return resolve_project(self.uow.projects, self.workspace, request.project, now)


@dataclass(frozen=True, slots=True)
class _Plan:
    """What the read phase decided for one item; `slot` names it until it has an id."""

    draft: Draft
    project: str | None
    slot: str
    duplicate: tuple[str, Destination] | None = None  # (id or slot, store) of the same text
    verdict: DedupVerdict | None = None


@dataclass(slots=True)
class _Planner:
    """The read phase of one batch, item by item, as if each earlier item were stored already:
    exact duplicates by hash (store and batch), near ones in the store and in the batch."""

    many: RememberMany
    writer: MemoryWriter
    hashes: list[str]
    now: datetime
    batch: BatchNeighbours
    projects: dict[tuple[bool, str | None], str | None] = field(default_factory=dict)
    known: dict[str | None, Known] = field(default_factory=dict)  # one hash look-up a project
    gone: set[str] = field(default_factory=set)  # stored memories superseded in this batch
    searched: dict[tuple[bool, str | None], bool] = field(default_factory=dict)  # any live rows
    stores: dict[bool, StoreNeighbours] = field(default_factory=dict)  # rare-word look-ups
    contents: list[str] = field(default_factory=list)  # the batch's valid items

    def plan(self, draft: Draft, slot: str) -> _Plan:
        project = self._project(draft.request)
        if project not in self.known:
            self.known[project] = self.writer.known_hashes(self.hashes, project)
        if (same := self.known[project].get(draft.hash)) is not None:
            return _Plan(draft, project, slot, duplicate=same)
        permanent = draft.category.is_permanent_on_write
        stored = self._stored_neighbours(draft, project)
        close = self.batch.closest((permanent, project), draft.content)
        verdict = self.many.dedup.judge(draft.content, exact_match=None, neighbours=stored + close)
        if verdict.outcome is DedupOutcome.SUPERSEDED and verdict.existing_id:
            self.gone.add(verdict.existing_id)
            self.batch.drop(verdict.existing_id)
        self.known[project][draft.hash] = (slot, Destination.WISDOM if permanent else Destination.STAGING)
        self.batch.add((permanent, project), slot, draft.content)
        return _Plan(draft, project, slot, verdict=verdict)

    def _stored_neighbours(self, draft: Draft, project: str | None) -> list[Existing]:
        """The store's side, by rare words (`store_neighbours`) or else the bounded probe; a
        store with nothing live in the project is not searched."""
        key = (draft.category.is_permanent_on_write, project)
        uow = self.writer.uow
        store = uow.beads if key[0] else uow.candidates
        if key not in self.searched:
            self.searched[key] = store.any_live(project)
        if not self.searched[key]:
            return []
        if key[0] not in self.stores:
            self.stores[key[0]] = StoreNeighbours.of(store, self.many.dedup.threshold, self.contents)
        found = self.stores[key[0]].closest(project, draft.content, self.gone)
        if found is None:
            found = [n for n in self.writer.neighbours(draft, project) if n.item_id not in self.gone]
        return found

    def _project(self, request: RememberRequest) -> str | None:
        key = (request.is_global, request.project)
        if key not in self.projects:
            self.projects[key] = self.many._project(request, self.now)
        return self.projects[key]


def _write(writes: BatchWrites, plan: _Plan, stored: dict[str, str]) -> Remembered:
    """The write phase of one item, in request order: a slot refers to an earlier item."""
    draft = plan.draft
    if plan.duplicate is not None:
        same, where = plan.duplicate
        return Remembered(stored.get(same, same), where, DedupOutcome.SKIPPED_DUPLICATE, plan.project,
                          None, draft.redactions)
    verdict = plan.verdict or DedupVerdict(DedupOutcome.STORED)
    if verdict.existing_id in stored:
        verdict = replace(verdict, existing_id=stored[verdict.existing_id])
    done = writes.add(draft, plan.project, verdict)
    stored[plan.slot] = done.id
    return done


def _settle(uow: UnitOfWork, plans: list[Result[_Plan, RememberError]]) -> None:
    """The index upkeep of each store the batch inserted into (see `settle_index`)."""
    inserted = [p.draft.category.is_permanent_on_write for p in (r.value_or(None) for r in plans)
                if p is not None and p.duplicate is None]
    if True in inserted:
        uow.beads.settle_index()
    if False in inserted:
        uow.candidates.settle_index()


def _outcome(remembered: Remembered) -> DedupOutcome:
    return remembered.outcome

