"""Use case: the maintenance pass run at session end (spec §7 step 8, §9, §11 deletion authority)."""

from dataclasses import dataclass, field
from typing import Protocol

from abzu.application.anchors.mark_stale import StaleReport
from abzu.application.ports import Clock, UnitOfWork


class Retention(Protocol):
    """Files past their retention (em.db 30 days after project completion); returns deleted paths."""

    def execute(self) -> list[str]: ...


class StalePass(Protocol):
    """Marks anchored beads whose code changed since their commit (`MarkStaleAnchors`)."""

    def execute(self) -> StaleReport: ...


@dataclass(frozen=True, slots=True)
class MaintenanceReport:
    weights_changed: int
    deleted: tuple[str, ...]
    files_deleted: tuple[str, ...] = ()
    stale: StaleReport = field(default_factory=StaleReport)
    journals_deleted: int = 0


@dataclass(frozen=True, slots=True)
class RunMaintenance:
    """- Stores every bead's decay weight as of now (decay lowers ranking, never deletes).
    - Deletes the beads a reviewer flagged for deletion — the only way a bead leaves wisdom.db.
      Until this pass runs, a flagged bead is hidden from recall and the flag can still be lifted.
    - Deletes the em.db of projects completed 30 days ago (spec §9), when `retention` is given.
    - Marks the anchors of beads whose code changed or was deleted since (issue 16.3), when
      `anchors` is given: searches then rank those beads lower; nothing is deleted for it.
    - Deletes old per-session journals (`journals`: the PreToolUse hook's `shown/` files).
    """

    uow: UnitOfWork
    clock: Clock
    retention: Retention | None = None
    anchors: StalePass | None = None
    journals: Retention | None = None

    def execute(self) -> MaintenanceReport:
        stale = self.anchors.execute() if self.anchors is not None else StaleReport()
        with self.uow as uow:
            changed = uow.beads.apply_decay(self.clock.now())
            deleted = uow.beads.delete_flagged()
            uow.commit()
        files = self.retention.execute() if self.retention is not None else []
        journals = self.journals.execute() if self.journals is not None else []
        return MaintenanceReport(changed, tuple(deleted), tuple(files), stale, len(journals))
