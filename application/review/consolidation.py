"""Merging candidates and beads into one richer bead (spec §11 "Consolidate"): the merged bead is
created first, then each source bead is superseded by it and each source candidate leaves staging.
Nothing is silently lost: superseded beads stay in wisdom.db, pointing at their successor."""

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from returns.result import Failure, Result, Success

from abzu.application.review.errors import CandidateNotFound, ConsolidateError, InvalidConsolidation
from abzu.application.review.ops import Applied, ReviewOps
from abzu.application.review.text import stored_text
from abzu.domain.bead import Bead, Candidate
from abzu.domain.category import Category
from abzu.domain.content import content_hash
from abzu.domain.errors import BeadNotFound

MIN_MERGE_RATIO = 0.5


@dataclass(frozen=True, slots=True)
class _Sources:
    candidates: tuple[Candidate, ...]
    beads: tuple[Bead, ...]

    @property
    def all(self) -> tuple[Candidate | Bead, ...]:
        return (*self.candidates, *self.beads)


def consolidate(
    ops: ReviewOps, candidate_ids: Sequence[str], bead_ids: Sequence[str], content: str,
    category: Category | None = None,
) -> Result[Applied, ConsolidateError]:
    found = _sources(ops, candidate_ids, bead_ids)
    if not isinstance(found, _Sources):
        return Failure(found)
    match stored_text(content):
        case Success(str() as text):
            pass
        case Failure(err):
            return Failure(err)
    shortest = min(len(s.content) for s in found.all)
    if len(text) < MIN_MERGE_RATIO * shortest:
        return Failure(InvalidConsolidation(
            f"the merged text ({len(text)} characters) is shorter than half the shortest source"
        ))
    return Success(_merge(ops, found, text, category))


def _sources(
    ops: ReviewOps, candidate_ids: Sequence[str], bead_ids: Sequence[str]
) -> _Sources | ConsolidateError:
    candidates: list[Candidate] = []
    beads: list[Bead] = []
    for cid in dict.fromkeys(candidate_ids):
        match ops.uow.candidates.get(cid):
            case Candidate() as c:
                candidates.append(c)
            case _:
                return CandidateNotFound(cid)
    for bid in dict.fromkeys(bead_ids):
        match ops.uow.beads.get(bid):
            case Bead() as b if b.is_live:
                beads.append(b)
            case Bead():
                return InvalidConsolidation(f"bead {bid} is already superseded")
            case _:
                return BeadNotFound(bid)
    if len(candidates) + len(beads) < 2:
        return InvalidConsolidation("at least 2 distinct sources are needed")
    return _Sources(tuple(candidates), tuple(beads))


def _merge(ops: ReviewOps, sources: _Sources, text: str, category: Category | None) -> Applied:
    projects = {s.project for s in sources.all}
    project = projects.pop() if len(projects) == 1 else None  # across projects: a global pattern
    anchors = ops.anchors_of(sources.candidates, sources.beads)
    twin = _twin(ops, sources, text, project)
    if twin is not None:
        ops.vouch(twin)
    merged = twin or ops.new_bead(
        text, category or _usual_category(sources), project,
        context="consolidated from " + ", ".join(s.id for s in sources.all),
    )
    ops.uow.bead_anchors.attach(merged.id, anchors)
    ops.uow.bead_sources.record(merged.id, [s.id for s in sources.all])  # derived_from (issue 15)
    for bead in sources.beads:
        ops.uow.beads.update(bead.superseded(by=merged.id))
    removed = tuple(r for c in sources.candidates for r in ops.take(c))
    return Applied(merged.id, removed, f"merged {len(sources.all)} sources")


def _twin(ops: ReviewOps, sources: _Sources, text: str, project: str | None) -> Bead | None:
    """An existing live bead (not a source) with exactly this text is the merge target."""
    source_ids = {b.id for b in sources.beads}
    match ops.uow.beads.find_by_hash(content_hash(text), project):
        case Bead() as twin if twin.is_live and twin.id not in source_ids:
            return twin
        case _:
            return None


def _usual_category(sources: _Sources) -> Category:
    return Counter(s.category for s in sources.all).most_common(1)[0][0]
