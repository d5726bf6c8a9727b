"""The rules every write of a memory follows, shared by `Remember` and `RememberMany`.

Validation, cleaning and redaction happen before any store is touched (`prepare`); duplicate
detection and the insert happen inside the caller's open unit of work (`MemoryWriter.write`), so
a bulk import sees the items it stored earlier in the same transaction.
"""

from dataclasses import dataclass

from abzu.application.remember_io import (
    Destination,
    Remembered,
    RememberError,
    RememberRequest,
)
from abzu.domain.bead import Bead, Candidate
from abzu.domain.category import Category
from abzu.domain.content import MAX_CONTENT_CHARS, clean_line, cleaned_content, content_hash
from abzu.domain.dedup import DedupOutcome, DedupPolicy, DedupVerdict, Existing
from abzu.domain.text import keywords

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing on the lean path
if TYPE_CHECKING:  # `returns` loads when `prepare` runs: `abzu remember` asks `draft_of`
    from datetime import datetime
    from typing import TypeVar

    from returns.result import Result

    from abzu.application.ports import Clock, IdGenerator, MemoryRows, UnitOfWork
    from abzu.domain.redaction import Redacted

    M = TypeVar("M", Bead, Candidate)

# The "why" (the request or exchange a memory came from) helps find it; a few turns are enough.
MAX_CONTEXT_CHARS = 4000
Known = dict[str, tuple[str, Destination]]  # content hash -> (id, store) in one project


@dataclass(frozen=True, slots=True)
class Draft:
    """A request that passed validation: cleaned, redacted and hashed, ready to store."""

    request: RememberRequest
    content: str
    summary: str | None
    category: Category
    hash: str
    redactions: int
    tags: tuple[str, ...] = ()
    context: str | None = None

    def bead(self, bead_id: str, project: str | None, now: "datetime") -> Bead:
        return Bead(
            id=bead_id, content=self.content, category=self.category, project=project,
            content_hash=self.hash, created_at=now, summary=self.summary, tags=self.tags,
            context=self.context, vouched_by=self.request.vouched_by,
        )

    def candidate(self, candidate_id: str, project: str | None, now: "datetime") -> Candidate:
        return Candidate(
            id=candidate_id, content=self.content, category=self.category, project=project,
            content_hash=self.hash, source=self.request.source, created_at=now, summary=self.summary,
            session_id=self.request.session_id, tags=self.tags, context=self.context,
        )


def prepare(request: RememberRequest, *, max_chars: int = MAX_CONTENT_CHARS
            ) -> "Result[Draft, RememberError]":
    from returns.result import Failure, Success

    draft = draft_of(request, max_chars=max_chars)
    return Success(draft) if isinstance(draft, Draft) else Failure(draft)


def draft_of(request: RememberRequest, *, max_chars: int = MAX_CONTENT_CHARS) -> "Draft | RememberError":
    """`prepare`'s answer as a plain value (the CLI's fast front loads no `returns`)."""
    # Imported on first use: the redaction rules cost ~40 ms, which recall, star and the MCP
    # server's start (they import this module through `remember`) need not pay.
    from abzu.domain.redaction import drop_private, redact

    category = Category.of(request.category)
    # Private spans go before validation: text that was all private is empty, and is refused.
    content = cleaned_content(drop_private(request.content)[0], limit=max_chars)
    if not isinstance(category, Category):
        return category
    if not isinstance(content, str):
        return content
    body, summary = redact(content), _redact(clean_line(request.summary or ""))
    tags = [_redact(clean_line(t)) for t in request.tags]
    # The "why" is indexed and shown like the content: the same private spans and secrets go.
    why = _redact(drop_private(request.context or "")[0].strip()[:MAX_CONTEXT_CHARS])
    found = sum(len(r.findings) for r in (body, summary, why, *tags))
    return Draft(
        request, body.text, summary.text or None, category, content_hash(body.text), found,
        tuple(t.text for t in tags if t.text), why.text or None,
    )


def _redact(text: str) -> "Redacted":
    """`redact`, without running every rule over an empty string (most requests have no summary,
    tags or context: two of the three redactions of a bulk import's item)."""
    from abzu.domain.redaction import Redacted, redact

    return redact(text) if text else Redacted("", ())


@dataclass(frozen=True, slots=True)
class MemoryWriter:
    """Stores one draft in an already open unit of work; never commits.

    Same text in the same project: skipped, the existing id returned. Very similar text (same
    store, same project): stored, and the old one is superseded.
    """

    uow: "UnitOfWork"
    clock: "Clock"
    ids: "IdGenerator"
    dedup: DedupPolicy

    def write(self, draft: Draft, project: str | None, known: Known | None = None) -> Remembered:
        """`known`: the batch's exact-duplicate answers for `project` (see `known_hashes`),
        kept up to date with what this write stores; None: asked of the stores."""
        if known is None:
            return self.duplicate(draft, project) or self._store_new(draft, project)
        if draft.hash in known:
            existing, where = known[draft.hash]
            return Remembered(existing, where, DedupOutcome.SKIPPED_DUPLICATE, project, None,
                              draft.redactions)
        stored = self._store_new(draft, project)
        known[draft.hash] = (stored.id, stored.destination)
        return stored

    def known_hashes(self, hashes: list[str], project: str | None) -> Known:
        """Which of `hashes` are stored in `project`, asked once per store for a whole batch;
        wisdom.db answers first, as in `duplicate`."""
        staged = self.uow.candidates.ids_by_hash(hashes, project)
        permanent = self.uow.beads.ids_by_hash(hashes, project)
        return {h: (i, Destination.STAGING) for h, i in staged.items()} | {
            h: (i, Destination.WISDOM) for h, i in permanent.items()}

    def store(self, draft: Draft, project: str | None, verdict: DedupVerdict | None) -> Remembered:
        """Inside the write gate, after `duplicate` and `judge` ran before it (Remember's read
        phase): the exact-duplicate look-up again, on the destination store only (one indexed
        row; another writer may have stored the same text meanwhile), then the insert.
        `verdict` None: judged here."""
        permanent = draft.category.is_permanent_on_write
        store = self.uow.beads if permanent else self.uow.candidates
        existing = store.find_by_hash(draft.hash, project)
        if existing is not None:
            where = Destination.WISDOM if permanent else Destination.STAGING
            return Remembered(existing.id, where, DedupOutcome.SKIPPED_DUPLICATE, project, None,
                              draft.redactions)
        verdict = verdict or self.judge(draft, project)
        if permanent:
            return self._store_bead(draft, project, verdict)
        return self._store_candidate(draft, project, verdict)

    def judge(self, draft: Draft, project: str | None) -> DedupVerdict:
        """The near-duplicate verdict (a full-text search of the destination store)."""
        return self.dedup.judge(draft.content, exact_match=None, neighbours=self.neighbours(draft, project))

    def neighbours(self, draft: Draft, project: str | None) -> list[Existing]:
        """The destination store's closest live memories in `project` (a full-text search)."""
        store = self.uow.beads if draft.category.is_permanent_on_write else self.uow.candidates
        terms = keywords(draft.content)
        must_share = self.dedup.must_share(draft.content, len(terms))
        return store.neighbours(terms, project, 3, must_share=must_share)

    def duplicate(self, draft: Draft, project: str | None) -> Remembered | None:
        """The same text already stored in `project`, wisdom.db first."""
        found: list[tuple[Bead | Candidate | None, Destination]] = [
            (self.uow.beads.find_by_hash(draft.hash, project), Destination.WISDOM),
            (self.uow.candidates.find_by_hash(draft.hash, project), Destination.STAGING),
        ]
        for existing, where in found:
            if existing is not None:
                return Remembered(existing.id, where, DedupOutcome.SKIPPED_DUPLICATE, project,
                                  None, draft.redactions)
        return None

    def _store_new(self, draft: Draft, project: str | None) -> Remembered:
        return self.insert(draft, project, self.judge(draft, project))

    def insert(self, draft: Draft, project: str | None, verdict: DedupVerdict) -> Remembered:
        """Stores `draft` as judged, no look-up (the bulk path judged it before writing)."""
        if draft.category.is_permanent_on_write:
            return self._store_bead(draft, project, verdict)
        return self._store_candidate(draft, project, verdict)

    def _store_bead(self, draft: Draft, project: str | None, verdict: DedupVerdict) -> Remembered:
        verdict = self._still_current(self.uow.beads, draft, project, verdict)
        bead = draft.bead(self.ids.new_id("b"), project, self.clock.now())
        return self._added(self.uow.beads, bead, Destination.WISDOM, draft, project, verdict)

    def _store_candidate(self, draft: Draft, project: str | None, verdict: DedupVerdict) -> Remembered:
        verdict = self._still_current(self.uow.candidates, draft, project, verdict)
        candidate = draft.candidate(self.ids.new_id("c"), project, self.clock.now())
        return self._added(self.uow.candidates, candidate, Destination.STAGING, draft, project, verdict)

    def _added(
        self, store: "MemoryRows[M]", item: "M", where: Destination, draft: Draft, project: str | None,
        verdict: DedupVerdict,
    ) -> Remembered:
        """`item` stored, and the memory it supersedes (if the verdict says so) marked replaced."""
        store.add(item)
        if (replaced := _superseded_id(verdict)) is not None:
            store.supersede(replaced, by=item.id)
        return Remembered(item.id, where, verdict.outcome, project, verdict.existing_id, draft.redactions)

    def _still_current(
        self, store: "MemoryRows[Bead] | MemoryRows[Candidate]", draft: Draft, project: str | None,
        verdict: DedupVerdict,
    ) -> DedupVerdict:
        """The verdict, checked again in the write transaction: Remember judged it before taking
        the write gate, and another writer may have replaced (or review removed) the memory it
        supersedes meanwhile; two writers must not both replace one memory, so the search runs
        again on what is live now. One row read when there is something to supersede."""
        replaced = _superseded_id(verdict)
        old = store.get(replaced) if replaced is not None else None
        if replaced is None or (old is not None and old.is_live):
            return verdict
        return self.judge(draft, project)


def _superseded_id(verdict: DedupVerdict) -> str | None:
    """The memory the new one replaces, if the verdict says it does."""
    return verdict.existing_id if verdict.outcome is DedupOutcome.SUPERSEDED else None
