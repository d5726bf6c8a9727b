"""Use case: back-fill from transcripts already on disk (`abzu import-sessions`).

- Each transcript is captured as if its SessionEnd had just run: journalled with its session id
  and working folder (its project), ingested, finalised (summary + candidates).
- Idempotent through the same cursors and extracted-message keys: a transcript already
  finalised and not written since is skipped; one written since has only its tail mined.
- A file that names no working folder in its first records is reported as not a transcript.
- `after` (the distiller, when one is configured) runs on each session finalised here, as
  `abzu finalize` runs it; what it stages is counted apart (`distilled`).
"""

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import PurePath
from typing import Protocol

from returns.result import Success

from abzu.application.ports import Clock
from abzu.application.sessions.finalize_session import Finalized, FinalizeRequest, FinalizeSession
from abzu.application.sessions.ingest_spool import IngestSpool
from abzu.application.sessions.ports import SessionJournal, SessionUnitOfWork, TranscriptFiles
from abzu.domain.sessions.record import (
    SESSION_ID_PATTERN,
    FinalizedBy,
    HookEvent,
    SessionEvent,
    SessionRecord,
)


@dataclass(frozen=True, slots=True)
class Origin:
    session_id: str | None
    cwd: str


class TranscriptOrigins(Protocol):
    def origin(self, path: str) -> Origin | None: ...


@dataclass(slots=True)
class ImportReport:
    imported: int = 0  # transcripts finalised (new, or grown since)
    covered: int = 0  # already captured and unchanged: nothing to do
    candidates: int = 0
    distilled: int = 0  # staged by `after` (distillation)
    not_transcripts: list[str] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class ImportSessions:
    origins: TranscriptOrigins
    journal: SessionJournal
    ingest: IngestSpool
    finalize: FinalizeSession
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
        """Transcripts on disk that no capture covered (or that grew since). Cheap when there is
        nothing to do: a file named by its session id is checked without being opened."""
        missed, finalised = [], self._finalised_paths()
        for path in paths:
            if self._covered_by_path(path, finalised) or self._covered_by_name(path):
                continue
            origin = self.origins.origin(path)
            if origin is not None and not self._covered(path, origin):
                missed.append(path)
        return missed

    def _finalised_paths(self) -> dict[str, datetime]:
        """Transcript path -> when its session was finalised, for every finalised session (one query)."""
        with self.uow as uow:
            done = uow.sessions.finalized_since(None, datetime(1970, 1, 1, tzinfo=UTC))
        return {r.transcript_path: r.finalized_at for r in done if r.transcript_path and r.finalized_at}

    def _covered_by_path(self, path: str, finalised: dict[str, datetime]) -> bool:
        at, written = finalised.get(path), self.transcripts.modified_at(path)
        return at is not None and written is not None and written <= at

    def _covered_by_name(self, path: str) -> bool:
        stem = PurePath(path).stem
        return _UUID.match(stem) is not None and self._covered(path, Origin(stem, ""))

    def _one(self, path: str, report: ImportReport) -> None:
        origin = self.origins.origin(path)
        if origin is None:
            report.not_transcripts.append(path)
            return
        if self._covered(path, origin):
            report.covered += 1
            return
        record = self._record(_session_id(path, origin))
        event = SessionEvent(_session_id(path, origin), HookEvent.SESSION_END, self.clock.now(), path,
                             origin.cwd, self.transcripts.size(path), "import")
        self.journal.record_event(event)
        self.ingest.execute()
        tail = record is not None and record.is_finalized
        request = FinalizeRequest(event.session_id, FinalizedBy.SESSION_END, tail=tail)
        match self.finalize.execute(request):
            case Success(Finalized() as finalized):
                report.imported += 1
                report.candidates += finalized.candidates_created
                report.distilled += self.after(finalized) if self.after else 0
            case _:
                pass

    def _covered(self, path: str, origin: Origin) -> bool:
        record = self._record(_session_id(path, origin))
        if record is None or record.finalized_at is None:
            return False
        written = self.transcripts.modified_at(path)
        return written is not None and written <= record.finalized_at

    def _record(self, session_id: str) -> SessionRecord | None:
        with self.uow as uow:
            return uow.sessions.get(session_id)


_UUID = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$", re.IGNORECASE)


def _session_id(path: str, origin: Origin) -> str:
    """Claude Code names each transcript `<session id>.jsonl`: that name, else the session id of
    its records, else the file name, made safe for the session table."""
    stem = PurePath(path).stem
    candidate = stem if _UUID.match(stem) else origin.session_id or stem
    if re.match(SESSION_ID_PATTERN, candidate):
        return candidate
    return re.sub(r"[^A-Za-z0-9_.:-]", "-", candidate)[:200] or "session"
