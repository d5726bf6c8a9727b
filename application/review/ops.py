"""The review's changes, on a unit of work the caller has opened (and will commit): shared by the
single-decision use cases and by a review batch, which applies many in one transaction."""

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime

from returns.result import Failure, Result, Success

from abzu.application.ports import CandidateStaging, IdGenerator, UnitOfWork
from abzu.application.projects import ensure_named
from abzu.application.review.errors import CandidateNotFound, EmptyReason, FlagError, PromoteError
from abzu.application.review.text import optional_text, stored_reason, stored_text
from abzu.domain.anchors import Anchor
from abzu.domain.bead import Bead, Candidate, VouchedBy
from abzu.domain.category import Category
from abzu.domain.content import content_hash
from abzu.domain.dedup import DedupOutcome, DedupPolicy
from abzu.domain.errors import BeadNotFound
from abzu.domain.text import keywords


@dataclass(frozen=True, slots=True)
class Applied:
    """The bead a decision produced or touched, and the candidates it took out of staging."""

    bead_id: str | None
    removed: tuple[Candidate, ...] = ()
    note: str = ""


@dataclass(frozen=True, slots=True)
class ReviewOps:
    uow: UnitOfWork
    ids: IdGenerator
    now: datetime
    dedup: DedupPolicy = field(default_factory=DedupPolicy)

    def promote(
        self, candidate_id: str, content: str | None = None, category: Category | None = None
    ) -> Result[Applied, PromoteError]:
        match self.uow.candidates.get(candidate_id):
            case Candidate() as candidate:
                pass
            case _:
                return Failure(CandidateNotFound(candidate_id))
        return stored_text(content or candidate.content).map(
            lambda text: self._promote(candidate, text, category or candidate.category)
        )

    def _promote(self, candidate: Candidate, text: str, category: Category) -> Applied:
        anchors = self.anchors_of([candidate])  # read first: taking a candidate drops its anchors
        removed = self.take(candidate)
        digest = content_hash(text)
        match self.uow.beads.find_by_hash(digest, candidate.project):
            case Bead() as twin if twin.is_live and not twin.gemini_flagged:
                self.vouch(twin)
                self.uow.bead_anchors.attach(twin.id, anchors)
                self.uow.bead_sources.record(twin.id, [candidate.id])
                return Applied(twin.id, removed, f"already in wisdom as {twin.id}")
            case _:
                pass
        bead = self.new_bead(
            text, category, candidate.project, summary=optional_text(candidate.summary),
            tags=candidate.tags,
            context=candidate.context or f"promoted from {candidate.id} ({candidate.source.value})",
        )
        self.uow.bead_anchors.attach(bead.id, anchors)
        self.uow.bead_sources.record(bead.id, [candidate.id])  # derived_from (issue 15)
        return Applied(bead.id, removed, self._supersede_similar(bead))

    def discard(self, candidate_id: str) -> Result[Applied, CandidateNotFound]:
        match self.uow.candidates.get(candidate_id):
            case Candidate() as candidate:
                return Success(Applied(None, self.take(candidate)))
            case _:
                return Failure(CandidateNotFound(candidate_id))

    def flag(self, bead_id: str, reason: str) -> Result[Applied, FlagError]:
        why = stored_reason(reason)
        if not why:
            return Failure(EmptyReason())
        match self.uow.beads.get(bead_id):
            case Bead() as bead:
                self.uow.beads.update(bead.flagged(why))
                return Success(Applied(bead.id))
            case _:
                return Failure(BeadNotFound(bead_id))

    def new_bead(
        self, text: str, category: Category, project: str | None, *, summary: str | None = None,
        tags: tuple[str, ...] = (), context: str | None = None,
    ) -> Bead:
        if project is not None:
            ensure_named(self.uow.projects, project, self.now)  # wisdom may predate the project
        bead = Bead(
            id=self.ids.new_id("b"), content=text, category=category, project=project,
            content_hash=content_hash(text), created_at=self.now, summary=summary, tags=tags,
            context=context, promoted_at=self.now, vouched_by=VouchedBy.REVIEW,
        )
        self.uow.beads.add(bead)
        return bead

    def vouch(self, bead: Bead) -> None:
        """The review took `bead`'s very text (a promotion or merge landing on it): a preference
        the agent wrote is reviewed from now on."""
        if not bead.reviewed:
            self.uow.beads.update(replace(bead, vouched_by=VouchedBy.REVIEW))

    def anchors_of(self, candidates: Sequence[Candidate], beads: Sequence[Bead] = ()) -> list[Anchor]:
        """The anchors (issue 16) a promotion or merge carries over to the bead it makes."""
        found = [a for c in candidates for a in self.uow.candidate_anchors.of(c.id)]
        found += [a for b in beads for a in self.uow.bead_anchors.of(b.id)]
        return list(dict.fromkeys(found))

    def take(self, candidate: Candidate) -> tuple[Candidate, ...]:
        """The candidate leaves staging together with every older version in its chain (c3
        superseded c2, which superseded c1: all three go), or the older ones would stay staged."""
        removed = (candidate, *older_candidates(self.uow.candidates, candidate.id))
        for item in removed:
            self.uow.candidates.delete(item.id)
        return removed

    def _supersede_similar(self, bead: Bead) -> str:
        neighbours = [
            n for n in self.uow.beads.neighbours(keywords(bead.content), bead.project, 3)
            if n.item_id != bead.id
        ]
        verdict = self.dedup.judge(bead.content, exact_match=None, neighbours=neighbours)
        if verdict.outcome is not DedupOutcome.SUPERSEDED or verdict.existing_id is None:
            return ""
        match self.uow.beads.get(verdict.existing_id):
            case Bead() as old:
                self.uow.beads.update(old.superseded(by=bead.id))
                return f"supersedes {old.id}"
            case _:
                return ""


def older_candidates(staging: CandidateStaging, candidate_id: str) -> list[Candidate]:
    """Every candidate `candidate_id` superseded, however far back, newest first."""
    found: dict[str, Candidate] = {}
    todo = [candidate_id]
    while todo:
        direct = [c for c in staging.superseded_by(todo.pop()) if c.id not in found]
        found.update((c.id, c) for c in direct)
        todo += [c.id for c in direct]
    return list(found.values())
