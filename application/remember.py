"""Use case: remember a piece of knowledge (spec §5 lifecycle, §6 paths, §10 dedup)."""

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum

from returns.maybe import Maybe, Some
from returns.result import Failure, Result, Success

from abzu.application.ports import Clock, IdGenerator, UnitOfWork, Workspace
from abzu.application.projects import resolve_project
from abzu.domain.bead import Bead, Candidate, CandidateSource
from abzu.domain.category import Category
from abzu.domain.content import MAX_CONTENT_CHARS, clean_content, content_hash
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
        return self._draft(request).bind(lambda draft: Success(self._store(request, draft)))

    def execute_many(
        self, requests: Sequence[RememberRequest]
    ) -> list[Result[Remembered, RememberError]]:
        """`execute` for each request in turn, in one transaction (bulk ingestion pays one commit
        instead of one per item); later requests see the earlier ones when deduplicating."""
        results: list[Result[Remembered, RememberError]] = []
        with self.uow as uow:
            for request in requests:
                match self._draft(request):
                    case Success(_Draft() as draft):
                        results.append(Success(self._store_in(request, draft, self.clock.now())))
                    case Failure(EmptyContent() | ContentTooLong() | UnknownCategory() as error):
                        results.append(Failure(error))
            uow.commit()
        return results

    def _draft(self, request: RememberRequest) -> Result[_Draft, RememberError]:
        category = Category.parse(request.category)
        content = clean_content(request.content, limit=self.max_chars)
        match category, content:
            case Success(Category() as cat), Success(str() as text):
                body, summary = redact(text), redact(request.summary or "")
                tags = tuple(t.strip() for t in request.tags if t.strip())
                return Success(
                    _Draft(
                        body.text, summary.text.strip() or None, cat, content_hash(body.text),
                        len(body.findings) + len(summary.findings), tags,
                    )
                )
            case Failure(UnknownCategory() as err), _:
                return Failure(err)
            case _, Failure(EmptyContent() | ContentTooLong() as err):
                return Failure(err)
        raise AssertionError("unreachable")

    def _store(self, request: RememberRequest, draft: _Draft) -> Remembered:
        with self.uow as uow:
            stored = self._store_in(request, draft, self.clock.now())
            uow.commit()
        return stored

    def _store_in(self, request: RememberRequest, draft: _Draft, now: datetime) -> Remembered:
        project = None if request.is_global else resolve_project(
            self.uow.projects, self.workspace, request.project, now
        )
        stored = self._exact_duplicate(draft, project) or self._store_new(request, draft, project)
        if project is not None:
            self.uow.projects.touch(project, now)
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
