"""Use case: discard a staged candidate (spec §4 `discard_candidate`, §9 staged candidates)."""

from dataclasses import dataclass

from returns.pipeline import is_successful
from returns.result import Failure, Result, Success

from abzu.application.ports import Clock, IdGenerator, UnitOfWork
from abzu.application.review.errors import CandidateNotFound, EmptyReason
from abzu.application.review.ops import ReviewOps
from abzu.application.review.text import stored_reason


@dataclass(frozen=True, slots=True)
class Discarded:
    candidate_id: str
    reason: str
    removed: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class DiscardCandidate:
    """- The candidate is deleted from staging, with the older versions it superseded.
    - A reason is required (noise, too granular, irrelevant, instruction-like…).
    - Wisdom is never touched.
    """

    uow: UnitOfWork
    clock: Clock
    ids: IdGenerator

    def execute(
        self, candidate_id: str, reason: str
    ) -> Result[Discarded, CandidateNotFound | EmptyReason]:
        why = stored_reason(reason)
        if not why:
            return Failure(EmptyReason())
        with self.uow as uow:
            applied = ReviewOps(uow, self.ids, self.clock.now()).discard(candidate_id.strip())
            if not is_successful(applied):
                return Failure(applied.failure())
            uow.commit()
            return Success(Discarded(candidate_id, why, tuple(c.id for c in applied.unwrap().removed)))
