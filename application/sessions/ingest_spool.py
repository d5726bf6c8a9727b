"""Use case: move what hooks journaled into abzu.db (sessions, injection log)."""

from dataclasses import dataclass
from datetime import datetime
from typing import assert_never

from abzu.application.ports import Remotes
from abzu.application.projects import project_for_root
from abzu.application.sessions.ports import SessionUnitOfWork, SpoolEntry, SpoolSource
from abzu.domain.sessions.record import InjectionRecord, SessionEvent


@dataclass(frozen=True, slots=True)
class IngestSpool:
    """- Every journaled hook event is folded into its session's row (project named from the
      folder it ran in); every injection record lands in the injection log.
    - One transaction; entries are forgotten only after it commits, so a crash replays them,
      and replaying is harmless (events fold idempotently, injections are keyed).
    - Returns how many entries were ingested.
    """

    uow: SessionUnitOfWork
    spool: SpoolSource
    remotes: Remotes  # a journaled root's repository is known by its remote too (issue 29)

    def execute(self) -> int:
        entries = self.spool.pending()
        if not entries:
            return 0
        with self.uow as uow:
            for entry in sorted(entries, key=_when):
                match entry.item:
                    case SessionEvent() as event:
                        project = self._project(uow, event)
                        uow.sessions.record(event, project)
                    case InjectionRecord() as record:
                        uow.injections.record(record)
                    case never:
                        assert_never(never)
            uow.commit()
        for entry in entries:
            self.spool.done(entry.handle)
        return len(entries)

    def _project(self, uow: SessionUnitOfWork, event: SessionEvent) -> str | None:
        if not event.root:
            return None
        return project_for_root(uow.projects, event.root, event.at, self.remotes.remote(event.root))


def _when(entry: SpoolEntry) -> datetime:
    return entry.item.at
