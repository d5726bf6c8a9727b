"""Assembling what one review batch shows the reviewer: its candidates, the closest wisdom beads
as context, and which candidates read like instructions."""

from collections.abc import Sequence

from abzu.application.ports import UnitOfWork
from abzu.domain.bead import Bead, Candidate
from abzu.domain.poisoning import memory_looks_like_instructions
from abzu.domain.review.batching import BatchPolicy
from abzu.domain.review.model import ReviewBatch
from abzu.domain.text import keywords


def gather_batch(
    uow: UnitOfWork, policy: BatchPolicy, number: int, candidates: Sequence[Candidate],
    project: str | None,
) -> ReviewBatch:
    """`project` None (a full review) draws context from every project; a name (a mini-review)
    only from that project's beads."""
    related: dict[str, tuple[str, ...]] = {}
    pool: dict[str, Bead] = {}
    for candidate in candidates:
        terms = keywords(f"{candidate.content} {candidate.summary or ''}")
        found = uow.beads.related(terms, project, policy.related_per_candidate)
        related[candidate.id] = tuple(b.id for b in found)
        pool.update({b.id: b for b in found if b.id not in pool})
    context = policy.trim_context(list(pool.values()))
    kept = {b.id for b in context}
    return ReviewBatch(
        number=number, candidates=tuple(candidates), context=context,
        related={cid: tuple(i for i in ids if i in kept) for cid, ids in related.items()},
        suspects=frozenset(c.id for c in candidates if memory_looks_like_instructions(c.content, c.summary)),
    )
