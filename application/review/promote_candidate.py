"""Use case: promote one staged candidate into wisdom.db (spec §4 `promote_candidate`)."""

from dataclasses import dataclass

from returns.result import Failure, Result, Success

from abzu.application.ports import Clock, IdGenerator, UnitOfWork
from abzu.application.review.errors import PromoteError
from abzu.application.review.ops import Applied, ReviewOps
from abzu.domain.category import Category


@dataclass(frozen=True, slots=True)
class Promoted:
    candidate_id: str
    bead_id: str
    note: str = ""


@dataclass(frozen=True, slots=True)
class PromoteCandidate:
    """- The candidate becomes a bead (stamped `promoted_at`) and leaves staging, together with
      the older versions it superseded.
    - `consolidated_content` replaces the text; it is redacted and checked like any input.
    - Dedup against wisdom: the same text already there is reused (the candidate still leaves
      staging); a very similar live bead is superseded by the new one.
    """

    uow: UnitOfWork
    clock: Clock
    ids: IdGenerator

    def execute(
        self, candidate_id: str, consolidated_content: str | None = None,
        category: Category | None = None,
    ) -> Result[Promoted, PromoteError]:
        with self.uow as uow:
            ops = ReviewOps(uow, self.ids, self.clock.now())
            match ops.promote(candidate_id.strip(), consolidated_content, category):
                case Success(Applied(bead_id=str() as bead_id, note=note)):
                    uow.commit()
                    return Success(Promoted(candidate_id, bead_id, note))
                case Failure(err):
                    return Failure(err)
                case _:
                    raise AssertionError("a promotion always yields a bead")
