"""The rules every write of a memory follows, shared by `Remember` and `RememberMany`.

Validation, cleaning and redaction happen before any store is touched (`prepare`); duplicate
detection and the insert happen inside the caller's open unit of work (`MemoryWriter.write`), so
a bulk import sees the items it stored earlier in the same transaction.
"""

from dataclasses import dataclass, field

from returns.maybe import Maybe, Some
from returns.pipeline import is_successful
from returns.result import Failure, Result, Success

from abzu.application.ports import Clock, IdGenerator, UnitOfWork
from abzu.application.remember_io import (
    Destination,
    Remembered,
    RememberError,
    RememberRequest,
)
from abzu.domain.bead import Bead, Candidate
from abzu.domain.category import Category
from abzu.domain.content import MAX_CONTENT_CHARS, clean_content, clean_line, content_hash
from abzu.domain.dedup import DedupOutcome, DedupPolicy, DedupVerdict
from abzu.domain.redaction import drop_private, redact
from abzu.domain.text import keywords

# The "why" (the request or exchange a memory came from) helps find it; a few turns are enough.
MAX_CONTEXT_CHARS = 4000


@dataclass(frozen=True, slots=True)
class Draft:
    """A request that passed validation: cleaned, redacted and hashed, ready to store."""

    request: RememberRequest
    content: str
    summary: str | None
    category: Category
    hash: str
    redactions: int
    tags: tuple[str, ...] = field(default=())
    context: str | None = None


def prepare(request: RememberRequest, *, max_chars: int = MAX_CONTENT_CHARS) -> Result[Draft, RememberError]:
    category = Category.parse(request.category)
    # Private spans go before validation: text that was all private is empty, and is refused.
    content = clean_content(drop_private(request.content)[0], limit=max_chars)
    if not is_successful(category):
        return Failure(category.failure())
    if not is_successful(content):
        return Failure(content.failure())
    cat, text = category.unwrap(), content.unwrap()
    body, summary = redact(text), redact(clean_line(request.summary or ""))
    tags = [redact(clean_line(t)) for t in request.tags]
    # The "why" is indexed and shown like the content: the same private spans and secrets go.
    why = redact(drop_private(request.context or "")[0].strip()[:MAX_CONTEXT_CHARS])
    found = sum(len(r.findings) for r in (body, summary, why, *tags))
    return Success(
        Draft(
            request, body.text, summary.text or None, cat, content_hash(body.text), found,
            tuple(t.text for t in tags if t.text), why.text or None,
        )
    )


@dataclass(frozen=True, slots=True)
class MemoryWriter:
    """Stores one draft in an already open unit of work; never commits.

    Same text in the same project: skipped, the existing id returned. Very similar text (same
    store, same project): stored, and the old one is superseded.
    """

    uow: UnitOfWork
    clock: Clock
    ids: IdGenerator
    dedup: DedupPolicy

    def write(self, draft: Draft, project: str | None) -> Remembered:
        return self._exact_duplicate(draft, project) or self._store_new(draft, project)

    def _judge(self, draft: Draft, project: str | None) -> DedupVerdict:
        store = self.uow.beads if draft.category.is_permanent_on_write else self.uow.candidates
        terms = keywords(draft.content)
        must_share = self.dedup.must_share(draft.content, len(terms))
        neighbours = store.neighbours(terms, project, 3, must_share=must_share)
        return self.dedup.judge(draft.content, exact_match=None, neighbours=neighbours)

    def _exact_duplicate(self, draft: Draft, project: str | None) -> Remembered | None:
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

    def _store_new(self, draft: Draft, project: str | None) -> Remembered:
        verdict = self._judge(draft, project)
        if draft.category.is_permanent_on_write:
            return self._store_bead(draft, project, verdict)
        return self._store_candidate(draft, project, verdict)

    def _store_bead(self, draft: Draft, project: str | None, verdict: DedupVerdict) -> Remembered:
        bead = Bead(
            id=self.ids.new_id("b"), content=draft.content, category=draft.category,
            project=project, content_hash=draft.hash, created_at=self.clock.now(),
            summary=draft.summary, tags=draft.tags, context=draft.context,
        )
        self.uow.beads.add(bead)
        if verdict.outcome is DedupOutcome.SUPERSEDED and verdict.existing_id:
            old = self.uow.beads.get(verdict.existing_id)
            old.map(lambda b: self.uow.beads.update(b.superseded(by=bead.id)))
        return Remembered(
            bead.id, Destination.WISDOM, verdict.outcome, project, verdict.existing_id,
            draft.redactions,
        )

    def _store_candidate(self, draft: Draft, project: str | None, verdict: DedupVerdict) -> Remembered:
        request = draft.request
        candidate = Candidate(
            id=self.ids.new_id("c"), content=draft.content, category=draft.category,
            project=project, content_hash=draft.hash, source=request.source,
            created_at=self.clock.now(), summary=draft.summary, session_id=request.session_id,
            tags=draft.tags, context=draft.context,
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
