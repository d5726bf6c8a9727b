"""Use case: list what waits in staging for review (spec §4 `get_staged_candidates`)."""

from dataclasses import dataclass

from abzu.application.ports import UnitOfWork
from abzu.domain.bead import Candidate


@dataclass(frozen=True, slots=True)
class GetStagedCandidates:
    """- Live candidates only (a candidate superseded at write time is hidden), oldest first.
    - With a project: only that project's candidates; without: every project and global ones.
    - Read-only.
    """

    uow: UnitOfWork

    def execute(self, project: str | None = None, limit: int | None = None) -> list[Candidate]:
        with self.uow as uow:
            return uow.candidates.staged(project, limit=limit)
