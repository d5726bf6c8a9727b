"""Use case: the health of Abzu's memory (spec §15 `enki_status`)."""

from dataclasses import dataclass
from datetime import datetime

from abzu.application.ports import BeadStats, Clock, StoreFile, StoreLocations, UnitOfWork


@dataclass(frozen=True, slots=True)
class MemoryStatus:
    beads: BeadStats
    staged_by_project: dict[str | None, int]
    last_review_at: datetime | None
    stores: tuple[StoreFile, ...]

    @property
    def bead_count(self) -> int:
        return sum(self.beads.by_category.values())

    @property
    def staged_count(self) -> int:
        return sum(self.staged_by_project.values())


@dataclass(frozen=True, slots=True)
class Status:
    """- Read-only: counts beads (by category, by project), staged candidates, starred beads.
    - Weights are computed as of now by the decay policy, so the distribution is never stale.
    """

    uow: UnitOfWork
    clock: Clock
    locations: StoreLocations

    def execute(self) -> MemoryStatus:
        with self.uow as uow:
            stats = uow.stats
            status = MemoryStatus(
                stats.bead_stats(self.clock.now()),
                stats.staged_by_project(),
                stats.last_review_at(),
                self.locations.describe(),
            )
        return status
