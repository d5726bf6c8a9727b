"""The one factory of the session lifecycle's use cases: ingest the hook journal, finalise,
recover, snapshot before a compaction, mine transcripts, the maintenance pass, and the parts
distillation needs.

The container's providers are this factory fed with the container's parts (tests override the
clock there; `memory_backend = "team"` hands remember its writer); the background jobs the hooks
start build it from the environment (`SessionLifecycle.open`), as `MemoryUseCases.open` does for
the memory commands, so a detached finalize imports neither dependency-injector nor
pydantic-settings (together ~0.26 s of CPU, more than half of the work they carried). Every use
case and adapter is imported when its method is first called.
"""

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from abzu.entrypoints.data_home import DataHome

if TYPE_CHECKING:
    from abzu.adapters.sqlite.extraction_store import SqliteExtractionUnitOfWork
    from abzu.adapters.sqlite.session_unit_of_work import SqliteSessionUnitOfWork
    from abzu.adapters.sqlite.sqlite3_store import Sqlite3Store
    from abzu.application.anchors.ports import GitRepo
    from abzu.application.enki.complete_project import ExpireEmDbs
    from abzu.application.extraction.extract_transcript import ExtractTranscript
    from abzu.application.maintenance import RunMaintenance
    from abzu.application.ports import Clock, IdGenerator, UnitOfWork, Workspace
    from abzu.application.remember_many import RememberMany
    from abzu.application.sessions.attach_compact_summary import AttachCompactSummary
    from abzu.application.sessions.capture_pre_compact import CapturePreCompact
    from abzu.application.sessions.finalize_session import FinalizeSession
    from abzu.application.sessions.ingest_spool import IngestSpool
    from abzu.application.sessions.recover_sessions import RecoverSessions
    from abzu.application.sessions.recurring_steps import StageRecurringSteps
    from abzu.application.sessions.update_pre_compact_summary import UpdatePreCompactSummary
    from abzu.domain.decay import DecayPolicy


@dataclass(frozen=True, slots=True)
class SessionLifecycle:
    """`writer`: the units of work remember writes through (the sqlite3 stores, or the team
    server when it is the memory backend); `semantic`: embed new memories after a finalize;
    `chunk_bytes`: how much of a transcript one read takes (None: the extractor's own)."""

    home: DataHome
    wisdom: "Sqlite3Store"
    staging: "Sqlite3Store"
    writer: "Callable[[], UnitOfWork]"
    clock: "Clock"
    ids: "IdGenerator"
    workspace: "Workspace"
    decay: "DecayPolicy"
    git: "GitRepo"
    max_chars: int
    semantic: bool = False
    chunk_bytes: int | None = None

    @classmethod
    def open(cls, cwd: Path | None = None) -> "SessionLifecycle":
        """Wired from the settings (setting_fields.py: environment, config file, defaults);
        a value Settings would refuse raises (setting_fields.Refused / ConfigError)."""
        from abzu.adapters.clock import SystemClock
        from abzu.adapters.git_repo import SubprocessGit
        from abzu.adapters.ids import UuidIds
        from abzu.adapters.sqlite.sqlite3_store import Sqlite3Store
        from abzu.adapters.sqlite.unit_of_work import SqliteUnitOfWork
        from abzu.adapters.workspace import GitWorkspace
        from abzu.domain.decay import DecayPolicy
        from abzu.entrypoints import setting_fields as one
        from abzu.entrypoints.actor import current_actor
        from abzu.entrypoints.logs import configure_file_logging

        root, max_chars, semantic = one.values(one.HOME, one.MAX_CONTENT, one.SEMANTIC)
        home = DataHome.at(root)
        configure_file_logging(home.log)
        wisdom, staging = Sqlite3Store(home.wisdom, "wisdom"), Sqlite3Store(home.staging, "staging")
        decay, actor = DecayPolicy(), current_actor()
        return cls(home, wisdom, staging, lambda: SqliteUnitOfWork(wisdom, staging, decay, actor=actor),
                   SystemClock(), UuidIds(), GitWorkspace(cwd or Path.cwd()), decay, SubprocessGit(),
                   max_chars, semantic)

    # --- stores and files ---
    def uow(self) -> "SqliteSessionUnitOfWork":
        from abzu.adapters.sqlite.session_unit_of_work import SqliteSessionUnitOfWork

        return SqliteSessionUnitOfWork(self.wisdom, self.staging, self.decay)

    def reader(self) -> "UnitOfWork":
        """Read-only (plain BEGIN, no write lock): what distillation is shown."""
        from abzu.adapters.sqlite.unit_of_work import SqliteUnitOfWork

        return SqliteUnitOfWork(self.wisdom, self.staging, self.decay, read_only=True)

    def extraction_uow(self) -> "SqliteExtractionUnitOfWork":
        from abzu.adapters.sqlite.extraction_store import SqliteExtractionUnitOfWork

        return SqliteExtractionUnitOfWork(self.staging)

    def spool(self) -> Any:
        from abzu.adapters.spool.spool_source import FileSpoolSource

        return FileSpoolSource(self.home.spool)

    def journal(self) -> Any:
        from abzu.adapters.spool.file_spool import FileSessionJournal

        return FileSessionJournal(self.home.spool)

    def transcripts(self) -> Any:
        from abzu.adapters.transcript_files import OsTranscriptFiles

        return OsTranscriptFiles()

    def files(self) -> Any:
        from abzu.adapters.project_files import DotEnkiProjectFiles

        return DotEnkiProjectFiles(self.workspace, self.home.root)

    # --- mining and maintenance ---
    def remember_many(self, **options: Any) -> "RememberMany":
        """`options`: RememberMany's own (`batch_size`, `dedup`)."""
        from abzu.application.remember_many import RememberMany

        return RememberMany(self.writer(), self.clock, self.ids, self.workspace, max_chars=self.max_chars,
                            git=self.git, **options)

    def extract_transcript(self) -> "ExtractTranscript":
        from abzu.adapters.jsonl.transcript_reader import JsonlTranscriptReader
        from abzu.application.extraction.extract_transcript import ExtractTranscript

        extra = {} if self.chunk_bytes is None else {"chunk_bytes": self.chunk_bytes}
        return ExtractTranscript(JsonlTranscriptReader(), self.extraction_uow(), self.remember_many(),
                                 self.clock, self.ids, **extra)

    def maintenance(self) -> "RunMaintenance":
        """Decay and deletions, em.db retention (issue 17), stale anchors (issue 16.3), shown
        journals; its writes are recorded as the maintenance's."""
        from abzu.adapters.shown_file import ShownJournalRetention
        from abzu.adapters.sqlite.actor import MAINTENANCE
        from abzu.adapters.sqlite.anchor_freshness import SqliteAnchorFreshness
        from abzu.adapters.sqlite.unit_of_work import SqliteUnitOfWork
        from abzu.application.anchors.mark_stale import MarkStaleAnchors
        from abzu.application.maintenance import RunMaintenance

        return RunMaintenance(
            SqliteUnitOfWork(self.wisdom, self.staging, self.decay, actor=MAINTENANCE), self.clock,
            retention=self._em_retention(),
            anchors=MarkStaleAnchors(anchors=SqliteAnchorFreshness(self.wisdom), git=self.git,
                                     clock=self.clock),
            journals=ShownJournalRetention(self.home.shown, self.clock),
        )

    def _em_retention(self) -> "ExpireEmDbs | None":
        """Only `abzu complete-project` writes the completions file: without it there is no em.db
        to expire, and a session end does not load Enki's modules (~15 ms of its CPU)."""
        if not self.home.completions.exists():
            return None
        from abzu.adapters.enki.completions import JsonCompletionLog, OsEmFiles
        from abzu.application.enki.complete_project import ExpireEmDbs

        completions = JsonCompletionLog(self.home.completions)
        return ExpireEmDbs(completions=completions, files=OsEmFiles(), clock=self.clock)

    # --- the session lifecycle ---
    def ingest_spool(self) -> "IngestSpool":
        from abzu.application.sessions.ingest_spool import IngestSpool

        return IngestSpool(self.uow(), self.spool(), self.workspace)

    def finalize_session(self) -> "FinalizeSession":
        """Its extractor, maintenance pass and recurring-step stager are built when a session
        has something to finalise (FinalizeSession takes them as factories)."""
        from abzu.application.sessions.finalize_session import FinalizeSession

        return FinalizeSession(self.uow(), self.extract_transcript, self.maintenance, self.clock,
                               self.ids, transcripts=self.transcripts(), recurring=self.recurring_steps)

    def recurring_steps(self) -> "StageRecurringSteps":
        from abzu.application.sessions.recurring_steps import StageRecurringSteps

        return StageRecurringSteps(remember=self.remember_many())

    def recover_sessions(self) -> "RecoverSessions":
        from abzu.application.sessions.recover_sessions import RecoverSessions

        return RecoverSessions(self.uow(), self.ingest_spool(), self.finalize_session, self.workspace,
                               self.transcripts(), self.clock)

    def capture_pre_compact(self) -> "CapturePreCompact":
        from abzu.application.sessions.capture_pre_compact import CapturePreCompact

        return CapturePreCompact(
            self.uow(), self.workspace, self.files(), self.transcripts(), self.extract_transcript(),
            self.attach_compact_summary(), self.update_pre_compact_summary(), self.clock,
        )

    def attach_compact_summary(self) -> "AttachCompactSummary":
        from abzu.application.sessions.attach_compact_summary import AttachCompactSummary

        return AttachCompactSummary(self.uow(), self.workspace, self.clock, self.ids)

    def update_pre_compact_summary(self) -> "UpdatePreCompactSummary":
        from abzu.application.sessions.update_pre_compact_summary import UpdatePreCompactSummary

        return UpdatePreCompactSummary(self.uow(), self.clock, self.ids)
