"""Use case: finalise the sessions that never got a final summary (spec §7 Crash Recovery)."""

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from returns.result import Success

from abzu.application.ports import Clock, Workspace
from abzu.application.projects import resolve_project
from abzu.application.sessions.finalize_session import Finalized, FinalizeRequest, FinalizeSession
from abzu.application.sessions.hook_ports import TranscriptFiles
from abzu.application.sessions.ingest_spool import IngestSpool
from abzu.application.sessions.ports import SessionUnitOfWork
from abzu.domain.sessions.record import FinalizedBy, SessionRecord

TAIL_WINDOW = timedelta(days=7)


@dataclass(frozen=True, slots=True)
class RecoverRequest:
    """`all_projects` widens the search beyond the workspace's project; `excluding` is the
    session that is starting now; `idle`: how long a session must be quiet to be recovered (the
    `recovery_idle_minutes` setting, whose default is the one)."""

    excluding: str | None = None
    all_projects: bool = False
    idle: timedelta = field(kw_only=True)


@dataclass(frozen=True, slots=True)
class RecoverSessions:
    """- First ingests the hook journal, so sessions known only to it are seen.
    - A session needs recovery when it has no final summary and either SessionEnd ran (its
      finalisation never finished) or nothing — no hook, no transcript write — happened for
      `idle`. The starting session itself is never recovered.
    - Each is finalised from its snapshots, or failing that from its transcript, and marked
      as recovered. Returns what was finalised.
    - A session finalised in the last TAIL_WINDOW whose transcript was written after its
      finalisation (lines flushed after SessionEnd) has that tail mined and merged in.
    - Nothing due (most session starts): answered from the session rows and the transcripts'
      times; `finalize` is a factory, built only when a session is due.
    """

    uow: SessionUnitOfWork
    ingest: IngestSpool
    finalize: Callable[[], FinalizeSession]
    workspace: Workspace
    transcripts: TranscriptFiles
    clock: Clock

    def execute(self, request: RecoverRequest) -> list[Finalized]:
        self.ingest.execute()
        due = [FinalizeRequest(r.session_id, FinalizedBy.RECOVERY) for r in self._due(request)]
        due += [FinalizeRequest(r.session_id, r.finalized_by or FinalizedBy.RECOVERY, tail=True)
                for r in self._grown(request)]
        if not due:
            return []
        finalize, recovered = self.finalize(), []
        for session in due:
            match finalize.execute(session):
                case Success(Finalized() as done):
                    recovered.append(done)
                case _:
                    continue
        return recovered

    def _grown(self, request: RecoverRequest) -> list[SessionRecord]:
        """Finalised sessions whose transcript was written after their finalisation: lines
        Claude Code flushed after SessionEnd (no lost tails). Looked for over TAIL_WINDOW."""
        now = self.clock.now()
        with self.uow as uow:
            recent = uow.sessions.finalized_since(self._project(uow, request, now), now - TAIL_WINDOW)
        return [r for r in recent if r.session_id != request.excluding and _grew(r, self.transcripts)]

    def _due(self, request: RecoverRequest) -> list[SessionRecord]:
        now = self.clock.now()
        with self.uow as uow:
            pending = uow.sessions.unfinalized(self._project(uow, request, now))
            uow.commit()
        return [
            r for r in pending
            if r.session_id != request.excluding and r.needs_recovery(
                now=now, idle=request.idle,
                last_write=self.transcripts.modified_at(r.transcript_path) if r.transcript_path else None,
            )
        ]

    def _project(self, uow: SessionUnitOfWork, request: RecoverRequest, now: datetime) -> str | None:
        """The workspace's project, or None (every project) with `all_projects`."""
        return None if request.all_projects else resolve_project(uow.projects, self.workspace, None, now)


def _grew(record: SessionRecord, transcripts: TranscriptFiles) -> bool:
    written = transcripts.modified_at(record.transcript_path) if record.transcript_path else None
    return written is not None and record.finalized_at is not None and written > record.finalized_at
