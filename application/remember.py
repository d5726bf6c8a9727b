"""Use case: remember a piece of knowledge (spec §5 lifecycle, §6 paths, §10 dedup)."""

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from returns.maybe import Maybe, Some
from returns.result import Failure, Result, Success

from abzu.application.ports import Clock, IdGenerator, UnitOfWork, Workspace
from abzu.application.projects import resolve_project
from abzu.domain.bead import Bead, Candidate, CandidateSource
from abzu.domain.category import Category
from abzu.domain.content import MAX_CONTENT_CHARS, clean_content, clean_line, content_hash
from abzu.domain.dedup import DedupOutcome, DedupPolicy, DedupVerdict
from abzu.domain.errors import ContentTooLong, EmptyContent, UnknownCategory
from abzu.domain.redaction import redact
from abzu.domain.text import keywords

RememberError = EmptyContent | ContentTooLong | UnknownCategory


class Destination(StrEnum):
    WISDOM = "wisdom"
    STAGING = "staging"


@dataclass(frozen=True, slots=True)
class RememberRequest:
    content: str
    category: str
    project: str | None = None
    summary: str | None = None
    tags: Sequence[str] = ()
    is_global: bool = False
    source: CandidateSource = CandidateSource.MANUAL
    session_id: str | None = None
    context: str | None = None


@dataclass(frozen=True, slots=True)
class Remembered:
    id: str
    destination: Destination
    outcome: DedupOutcome
    project: str | None
    superseded_id: str | None = None
    redactions: int = 0


@dataclass(frozen=True, slots=True)
class _Draft:
    content: str
    summary: str | None
    category: Category
    hash: str
    redactions: int
    tags: tuple[str, ...] = field(default=())


@dataclass(frozen=True, slots=True)
class Remember:
    """- Preferences go straight to wisdom.db (permanent); every other category is staged.
    - Text is validated (empty, over the limit), stripped of NUL bytes and redacted of secrets
      before anything is stored.
    - Same text in the same project: skipped, the existing id returned. Very similar text
      (same store, same project): stored, and the old one is superseded.
    """

    uow: UnitOfWork
    clock: Clock
    ids: IdGenerator
    workspace: Workspace
    dedup: DedupPolicy = field(default_factory=DedupPolicy)
    max_chars: int = MAX_CONTENT_CHARS

    def execute(self, request: RememberRequest) -> Result[Remembered, RememberError]:
        match self._draft(request):
            case Success(_Draft() as draft):
                return Success(self._store(request, draft))
            case Failure(EmptyContent() | ContentTooLong() | UnknownCategory() as err):
                return Failure(err)
        raise AssertionError("unreachable")

    def _draft(self, request: RememberRequest) -> Result[_Draft, RememberError]:
        category = Category.parse(request.category)
        content = clean_content(request.content, limit=self.max_chars)
        match category, content:
            case Success(Category() as cat), Success(str() as text):
                body, summary = redact(text), redact(clean_line(request.summary or ""))
                tags = [redact(clean_line(t)) for t in request.tags]
                found = len(body.findings) + len(summary.findings) + sum(len(t.findings) for t in tags)
                return Success(
                    _Draft(
                        body.text, summary.text or None, cat, content_hash(body.text), found,
                        tuple(t.text for t in tags if t.text),
                    )
                )
            case Failure(UnknownCategory() as err), _:
                return Failure(err)
            case _, Failure(EmptyContent() | ContentTooLong() as err):
                return Failure(err)
        raise AssertionError("unreachable")

    def _store(self, request: RememberRequest, draft: _Draft) -> Remembered:
        now = self.clock.now()
        with self.uow as uow:
            project = None if request.is_global else resolve_project(
                uow.projects, self.workspace, request.project, now
            )
            stored = self._exact_duplicate(draft, project) or self._store_new(
                request, draft, project
            )
            if project is not None:
                uow.projects.touch(project, now)
            uow.commit()
        return stored

    def _judge(self, draft: _Draft, project: str | None) -> DedupVerdict:
        store = self.uow.beads if draft.category.is_permanent_on_write else self.uow.candidates
        neighbours = store.neighbours(keywords(draft.content), project, 3)
        return self.dedup.judge(draft.content, exact_match=None, neighbours=neighbours)

    def _exact_duplicate(self, draft: _Draft, project: str | None) -> Remembered | None:
        found: list[tuple[Maybe[str], Destination]] = [
            (self.uow.beads.find_by_hash(draft.hash, project).map(_id), Destination.WISDOM),
            (self.uow.candidates.find_by_hash(draft.hash, project).map(_id), Destination.STAGING),
        ]
        for match_, where in found:
            match match_:
                case Some(str() as existing):
                    return Remembered(existing, where, DedupOutcome.SKIPPED_DUPLICATE, project,
                                      None, draft.redactions)
                case _:
                    continue
        return None

    def _store_new(
        self, request: RememberRequest, draft: _Draft, project: str | None
    ) -> Remembered:
        verdict = self._judge(draft, project)
        if draft.category.is_permanent_on_write:
            return self._store_bead(request, draft, project, verdict)
        return self._store_candidate(request, draft, project, verdict)

    def _store_bead(
        self, request: RememberRequest, draft: _Draft, project: str | None, verdict: DedupVerdict
    ) -> Remembered:
        bead = Bead(
            id=self.ids.new_id("b"), content=draft.content, category=draft.category,
            project=project, content_hash=draft.hash, created_at=self.clock.now(),
            summary=draft.summary, tags=draft.tags, context=request.context,
        )
        self.uow.beads.add(bead)
        if verdict.outcome is DedupOutcome.SUPERSEDED and verdict.existing_id:
            old = self.uow.beads.get(verdict.existing_id)
            old.map(lambda b: self.uow.beads.update(b.superseded(by=bead.id)))
        return Remembered(
            bead.id, Destination.WISDOM, verdict.outcome, project, verdict.existing_id,
            draft.redactions,
        )

    def _store_candidate(
        self, request: RememberRequest, draft: _Draft, project: str | None, verdict: DedupVerdict
    ) -> Remembered:
        candidate = Candidate(
            id=self.ids.new_id("c"), content=draft.content, category=draft.category,
            project=project, content_hash=draft.hash, source=request.source,
            created_at=self.clock.now(), summary=draft.summary, session_id=request.session_id,
            tags=draft.tags, context=request.context,
        )
        self.uow.candidates.add(candidate)
        if verdict.outcome is DedupOutcome.SUPERSEDED and verdict.existing_id:
            old = self.uow.candidates.get(verdict.existing_id)
            old.map(lambda c: self.uow.candidates.update(c.superseded(by=candidate.id)))
        return Remembered(
            candidate.id, Destination.STAGING, verdict.outcome, project, verdict.existing_id,
            draft.redactions,
        )


def _id(item: Bead | Candidate) -> str:
    return item.id
