"""Use case: the staging queue as a reviewer sees it, oldest first."""

from dataclasses import dataclass

from abzu.application.ports import UnitOfWork
from abzu.domain.bead import Candidate
from abzu.domain.poisoning import looks_like_instructions


@dataclass(frozen=True, slots=True)
class QueuedCandidate:
    candidate: Candidate
    suspect: bool  # reads like instructions to an agent (possible memory poisoning)


@dataclass(frozen=True, slots=True)
class Queue:
    items: tuple[QueuedCandidate, ...]
    more: bool  # newer candidates wait behind these


@dataclass(frozen=True, slots=True)
class StagingQueue:
    """- Oldest first, like a review; at most `limit`, and whether more wait behind them.
    - Each candidate marked when it reads like instructions, as `review --interactive` warns.
    - Read-only. The closest beads of each come from `ClosestBeads`, one candidate at a time
      (a full-text search each: the page asks for them after it is shown)."""

    uow: UnitOfWork

    def execute(self, project: str | None = None, limit: int = 20) -> Queue:
        with self.uow as uow:
            staged = uow.candidates.staged(project, limit=limit + 1)
        items = tuple(QueuedCandidate(c, _suspect(c)) for c in staged[:limit])
        return Queue(items, more=len(staged) > limit)


def _suspect(candidate: Candidate) -> bool:
    return looks_like_instructions(f"{candidate.content}\n{candidate.summary or ''}")
