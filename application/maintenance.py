"""Use case: the maintenance pass run at session end (spec §7 step 8, §9, §11 deletion authority)."""

from dataclasses import dataclass

from abzu.application.ports import Clock, UnitOfWork


@dataclass(frozen=True, slots=True)
class MaintenanceReport:
    weights_changed: int
    deleted: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class RunMaintenance:
    """- Stores every bead's decay weight as of now (decay lowers ranking, never deletes).
    - Deletes the beads a reviewer flagged for deletion — the only way a bead leaves wisdom.db.
      Until this pass runs, a flagged bead is hidden from recall and the flag can still be lifted.
    """

    uow: UnitOfWork
    clock: Clock

    def execute(self) -> MaintenanceReport:
        with self.uow as uow:
            changed = uow.beads.apply_decay(self.clock.now())
            deleted = uow.beads.delete_flagged()
            uow.commit()
        return MaintenanceReport(changed, tuple(deleted))
