"""Builders for review tests: candidates, beads and batches with readable defaults."""

from abzu.domain.bead import Bead, Candidate, CandidateSource
from abzu.domain.category import Category
from abzu.domain.content import content_hash
from abzu.domain.poisoning import looks_like_instructions
from abzu.domain.review.model import Proposal, ReviewBatch
from tests.fakes import T0, FakeUnitOfWork, bead

__all__ = ["bead"]  # re-exported for the tests


def candidate(
    candidate_id: str = "c-1", content: str = "Use WAL mode so readers never block the writer",
    **kw: object,
) -> Candidate:
    fields: dict[str, object] = {
        "id": candidate_id, "content": content, "category": Category.LEARNING, "project": "api",
        "content_hash": content_hash(content), "source": CandidateSource.SESSION_END,
        "created_at": T0,
    }
    fields.update(kw)
    return Candidate(**fields)  # type: ignore[arg-type]


def batch(*candidates: Candidate, context: tuple[Bead, ...] = ()) -> ReviewBatch:
    return ReviewBatch(
        1, tuple(candidates), context,
        suspects=frozenset(c.id for c in candidates if looks_like_instructions(c.content)),
    )


def many(n: int, prefix: str = "c") -> list[Candidate]:
    return [candidate(f"{prefix}-{i}", f"note number {i} about topic {i} with details") for i in range(n)]


def stage(uow: FakeUnitOfWork, *items: Candidate | Bead) -> None:
    for item in items:
        if isinstance(item, Candidate):
            uow.candidates.rows[item.id] = item
        else:
            uow.beads.rows[item.id] = item
        if item.project:
            uow.projects.paths.setdefault(item.project, None)


def dump(uow: FakeUnitOfWork) -> tuple[object, ...]:
    """A logical dump of both stores (review log excluded)."""
    return (sorted(uow.beads.rows.items()), sorted(uow.candidates.rows.items()))


def promote(cid: str, **kw: object) -> Proposal:
    return Proposal("promote", (cid,), **kw)  # type: ignore[arg-type]


def discard(cid: str, reason: str = "noise") -> Proposal:
    return Proposal("discard", (cid,), reason=reason)

