"""Use case: merge beads and/or candidates into one richer bead (spec §4 `consolidate_beads`)."""

from collections.abc import Sequence
from dataclasses import dataclass

from returns.result import Failure, Result, Success

from abzu.application.ports import Clock, IdGenerator, UnitOfWork
from abzu.application.review.consolidation import consolidate
from abzu.application.review.errors import ConsolidateError
from abzu.application.review.ops import Applied, ReviewOps
from abzu.domain.bead import Candidate


@dataclass(frozen=True, slots=True)
class Consolidated:
    bead_id: str
    sources: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ConsolidateBeads:
    """- Needs 2 or more distinct sources: wisdom beads and/or staged candidates (by id).
    - The merged text is redacted and must be at least half as long as the shortest source.
    - The merged bead is created first; source beads are then superseded by it (kept, never
      recalled), source candidates leave staging. All in one transaction: all or nothing.
    """

    uow: UnitOfWork
    clock: Clock
    ids: IdGenerator

    def execute(
        self, bead_ids: Sequence[str], merged_content: str
    ) -> Result[Consolidated, ConsolidateError]:
        wanted = [i.strip() for i in bead_ids if i.strip()]
        with self.uow as uow:
            staged = [i for i in wanted if _is_candidate(uow.candidates.get(i))]
            beads = [i for i in wanted if i not in staged]
            ops = ReviewOps(uow, self.ids, self.clock.now())
            match consolidate(ops, staged, beads, merged_content):
                case Success(Applied(bead_id=str() as merged)):
                    uow.commit()
                    return Success(Consolidated(merged, tuple(dict.fromkeys(wanted))))
                case Failure(err):
                    return Failure(err)
                case _:
                    raise AssertionError("a consolidation always yields a bead")


def _is_candidate(found: object) -> bool:
    match found:
        case Candidate():
            return True
        case _:
            return False
