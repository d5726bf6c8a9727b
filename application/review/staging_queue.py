"""Use case: the staging queue as a reviewer sees it, oldest first."""

from dataclasses import dataclass

from abzu.application.ports import UnitOfWork
from abzu.domain.bead import Candidate
from abzu.domain.poisoning import memory_looks_like_instructions


@dataclass(frozen=True, slots=True)
class QueuedCandidate:
    candidate: Candidate
    suspect: bool  # reads like instructions to an agent (possible memory poisoning)


@dataclass(frozen=True, slots=True)
class Queue:
    items: tuple[QueuedCandidate, ...]
    more: bool  # newer candidates wait behind these
    page: int = 1  # 1: the oldest `limit`; 2: the next ones, ...


@dataclass(frozen=True, slots=True)
class StagingQueue:
    """- Oldest first, like a review; at most `limit`, and whether more wait behind them.
    - Each candidate marked when it reads like instructions, as `review --interactive` warns.
    - `page` 2, 3, ... are the next `limit` each (a page past the end is empty).
    - Read-only. The closest beads of each come from `ClosestBeads`, one candidate at a time
      (a full-text search each: the page asks for them after it is shown)."""

    uow: UnitOfWork

    def execute(self, project: str | None = None, limit: int = 20, page: int = 1) -> Queue:
        page = max(1, page)
        skipped = (page - 1) * limit
        # The repository has no offset: reading the skipped rows too costs a few ms per thousand
        # candidates, and nobody pages that far by hand.
        with self.uow as uow:
            staged = uow.candidates.staged(project, limit=skipped + limit + 1)
        shown = staged[skipped:skipped + limit]
        items = tuple(QueuedCandidate(c, memory_looks_like_instructions(c.content, c.summary)) for c in shown)
        return Queue(items, more=len(staged) > skipped + limit, page=page)
