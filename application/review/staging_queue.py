"""Use case: the staging queue as a reviewer sees it, each candidate beside its closest beads."""

from dataclasses import dataclass, field

from abzu.application.ports import UnitOfWork
from abzu.application.review.batch import gather_batch
from abzu.domain.bead import Bead, Candidate
from abzu.domain.review.batching import BatchPolicy


@dataclass(frozen=True, slots=True)
class QueuedCandidate:
    candidate: Candidate
    similar: tuple[Bead, ...]  # the permanent beads a review would show beside it
    suspect: bool  # reads like instructions to an agent (possible memory poisoning)


@dataclass(frozen=True, slots=True)
class Queue:
    items: tuple[QueuedCandidate, ...]
    total: int  # every staged candidate, also those past `limit`


@dataclass(frozen=True, slots=True)
class StagingQueue:
    """- Oldest first, like a review; the closest beads come from the same search a review
      batch uses (`gather_batch`), so the page shows what `review --interactive` would.
    - Read-only: nothing is recalled, nothing changes."""

    uow: UnitOfWork
    policy: BatchPolicy = field(default_factory=BatchPolicy.one_at_a_time)

    def execute(self, project: str | None = None, limit: int = 50) -> Queue:
        with self.uow as uow:
            staged = uow.candidates.staged(project)
            items = tuple(self._queued(uow, c, project) for c in staged[:limit])
        return Queue(items, len(staged))

    def _queued(self, uow: UnitOfWork, candidate: Candidate, project: str | None) -> QueuedCandidate:
        batch = gather_batch(uow, self.policy, 1, (candidate,), project)
        similar = {b.id: b for b in batch.context}
        return QueuedCandidate(
            candidate, tuple(similar[i] for i in batch.related.get(candidate.id, ()) if i in similar),
            suspect=candidate.id in batch.suspects,
        )
