"""Use case: the permanent beads closest to one staged candidate, as a review batch shows them."""

from dataclasses import dataclass, field

from abzu.application.manage.show import find_memory
from abzu.application.ports import UnitOfWork
from abzu.application.review.batch import gather_batch
from abzu.domain.bead import Bead, Candidate
from abzu.domain.review.batching import BatchPolicy


@dataclass(frozen=True, slots=True)
class ClosestBeads:
    """- The same search a review batch uses (`gather_batch`): what `review --interactive`
      would show beside the candidate. `project` None: beads of every project (a full review).
    - Read-only: nothing is recalled. An id that is not a live candidate: no beads."""

    uow: UnitOfWork
    policy: BatchPolicy = field(default_factory=BatchPolicy.one_at_a_time)

    def execute(self, candidate_id: str, project: str | None = None) -> tuple[Bead, ...]:
        with self.uow as uow:
            found = find_memory(uow, candidate_id.strip())
            if not isinstance(found, Candidate) or not found.is_live:
                return ()
            batch = gather_batch(uow, self.policy, 1, (found,), project)
        beads = {b.id: b for b in batch.context}
        return tuple(beads[i] for i in batch.related.get(found.id, ()) if i in beads)
