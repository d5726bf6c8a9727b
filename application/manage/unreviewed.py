"""Use case: what the agent wrote straight into permanent memory that nobody vouched for yet."""

from dataclasses import dataclass

from abzu.application.ports import UnitOfWork
from abzu.domain.bead import Bead
from abzu.domain.poisoning import memory_looks_like_instructions


@dataclass(frozen=True, slots=True)
class Unreviewed:
    bead: Bead
    suspect: bool  # reads like instructions to an agent (possible memory poisoning)


@dataclass(frozen=True, slots=True)
class UnreviewedBeads:
    """- Live, unflagged beads the agent wrote (preferences skip staging, spec §6) and no person
      or review vouched for, oldest first: what `abzu review` and the page list for a person to
      confirm (`ConfirmMemory`) or remove (`ForgetMemory`).
    - Each marked when it reads like instructions, as the staging queue's candidates are.
    - With a project: only that project's; without: every project and global ones. Read-only.
    """

    uow: UnitOfWork

    def execute(self, project: str | None = None, limit: int | None = None) -> list[Unreviewed]:
        with self.uow as uow:
            found = uow.beads.unreviewed(project, limit=limit)
        return [Unreviewed(b, memory_looks_like_instructions(b.content, b.summary)) for b in found]
