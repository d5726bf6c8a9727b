"""Use case: back-fill from transcripts already on disk (`abzu import-sessions`).

- Each transcript is captured as if its SessionEnd had just run: journalled with its session id
  and working folder (its project), ingested, finalised (summary + candidates).
- Idempotent through the same cursors and extracted-message keys: a transcript already
  finalised and not written since is skipped; one written since has only its tail mined.
- A file that names no working folder in its first records is reported as not a transcript.
- A transcript of Abzu's own distiller (`claude -p`) is left alone and counted apart.
- `after` (the distiller, when one is configured) runs on each session finalised here, as
  `abzu finalize` runs it; what it stages is counted apart (`distilled`).
- `finalize` is a factory: asking what was missed (every session start's recovery, `abzu
  status`) never builds the finalisation.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from returns.result import Success

from abzu.application.ports import Clock
from abzu.application.sessions.finalize_session import Finalized, FinalizeRequest, FinalizeSession
from abzu.application.sessions.hook_ports import SessionJournal, TranscriptFiles
from abzu.application.sessions.ingest_spool import IngestSpool
from abzu.application.sessions.missed_transcripts import (
    MissedTranscripts,
    TranscriptOrigins,
    session_id_for,
)
from abzu.application.sessions.ports import SessionUnitOfWork
from abzu.domain.sessions.record import (
    FinalizedBy,
    HookEvent,
    SessionEvent,
)


@dataclass(slots=True)
class ImportReport:
    imported: int = 0  # transcripts finalised (new, or grown since)
    covered: int = 0  # already captured and unchanged: nothing to do
    candidates: int = 0
    distilled: int = 0  # staged by `after` (distillation)
    distiller_runs: int = 0  # transcripts of Abzu's own distiller: Abzu's work, not a session
    not_transcripts: list[str] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class ImportSessions:
    origins: TranscriptOrigins
    journal: SessionJournal
    ingest: IngestSpool
    finalize: Callable[[], FinalizeSession]
    uow: SessionUnitOfWork
    transcripts: TranscriptFiles
    clock: Clock
    after: Callable[[Finalized], int] | None = None

    def execute(self, paths: Sequence[str], done: Callable[[str], None] = lambda _: None) -> ImportReport:
        report = ImportReport()
        for path in paths:
            self._one(path, report)
            done(path)
        return report

    def missed(self, paths: Sequence[str]) -> list[str]:
        """Transcripts on disk that no capture covered (or that grew since): missed_transcripts.py."""
        return self._lookup().missed(paths)

    def _lookup(self) -> MissedTranscripts:
        return MissedTranscripts(self.origins, self.uow, self.transcripts)

    def _one(self, path: str, report: ImportReport) -> None:
        origin = self.origins.origin(path)
        if origin is None:
            report.not_transcripts.append(path)
            return
        if self._lookup().distiller_child(path, origin):
            report.distiller_runs += 1
            return
        if self._lookup().covered(path, origin):
            report.covered += 1
            return
        record = self._lookup().record(session_id_for(path, origin))
        event = SessionEvent(session_id_for(path, origin), HookEvent.SESSION_END, self.clock.now(), path,
                             origin.cwd, self.transcripts.size(path), "import")
        self.journal.record_event(event)
        self.ingest.execute()
        tail = record is not None and record.is_finalized
        request = FinalizeRequest(event.session_id, FinalizedBy.SESSION_END, tail=tail)
        match self.finalize().execute(request):
            case Success(Finalized() as finalized):
                report.imported += 1
                report.candidates += finalized.candidates_created
                report.distilled += self.after(finalized) if self.after else 0
            case _:
                pass
