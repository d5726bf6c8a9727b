"""Use case: `abzu team push`: a project's reviewed beads to the team, after a preview."""

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime

from abzu.application.ports import UnitOfWork
from abzu.application.team.ports import TeamServer
from abzu.domain.bead import Bead
from abzu.domain.team import KeptLocal, SharedMemory, TeamRole, kept_local


@dataclass(frozen=True, slots=True)
class SharePlan:
    project: str
    outgoing: tuple[SharedMemory, ...]
    kept: tuple[tuple[str, KeptLocal], ...]  # (bead id, why it stays here)


@dataclass(frozen=True, slots=True)
class Shared:
    plan: SharePlan
    sent: int  # new on the server (the rest it held already)
    staged: bool  # as candidates for a team reviewer (a writer's push), not as beads


@dataclass(frozen=True, slots=True)
class ShareWithTeam:
    """- Only live reviewed beads of the project go, never a preference, a global or private
      memory, nor one that redaction touched or would change today (domain/team.py).
    - `preview` sends nothing: what would go and what stays, with the reason.
    - A reviewer's push adds beads; a writer's stages them for a team reviewer; a reader's is
      refused by the server (TeamRefused), as is a project the member was not granted.
    - Memories the team already holds (same id, or same text in the project) are not sent twice.
    """

    local: Callable[[], UnitOfWork]
    server: TeamServer

    def preview(self, project: str) -> SharePlan:
        with self.local() as uow:
            beads = uow.beads.created_since(datetime.min.replace(tzinfo=UTC))
        return plan(project, [b for b in beads if b.project == project])

    def execute(self, project: str) -> Shared:
        found = self.preview(project)
        stage = self.server.membership().role is TeamRole.WRITER
        sent = self.server.share(found.outgoing, stage=stage) if found.outgoing else 0
        return Shared(found, sent, stage)


def plan(project: str, beads: list[Bead]) -> SharePlan:
    outgoing, kept = [], []
    for bead in sorted(beads, key=lambda b: (b.created_at, b.id)):
        reason = kept_local(bead)
        if reason is None:
            outgoing.append(SharedMemory.of(bead))
        else:
            kept.append((bead.id, reason))
    return SharePlan(project, tuple(outgoing), tuple(kept))
