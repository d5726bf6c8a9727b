"""Use case: what the PreCompact hook does — record, mine the transcript, snapshot (spec §7)."""

from dataclasses import dataclass

from abzu.application.extraction.extract_transcript import ExtractionResult
from abzu.application.extraction.ports import TranscriptUnreadable
from abzu.application.ports import Clock, Workspace
from abzu.application.projects import resolve_project
from abzu.application.sessions.attach_compact_summary import AttachCompactSummary, CompactSummary
from abzu.application.sessions.hook_ports import ProjectFiles, TranscriptFiles
from abzu.application.sessions.ports import SessionUnitOfWork, TranscriptExtractor
from abzu.application.sessions.update_pre_compact_summary import (
    PreCompactSnapshot,
    UpdatePreCompactSummary,
)
from abzu.domain.sessions.record import HookEvent, SessionEvent
from abzu.domain.sessions.summary import SessionSummary


@dataclass(frozen=True, slots=True)
class PreCompactRequest:
    session_id: str
    transcript_path: str | None = None
    trigger: str | None = None


@dataclass(frozen=True, slots=True)
class Captured:
    snapshot: SessionSummary
    candidates_created: int


@dataclass(frozen=True, slots=True)
class CapturePreCompact:
    """- Records the hook (session, transcript, how far it had got).
    - Mines the transcript since the last snapshot: candidates are staged (idempotently) and
      the files, tasks, errors, fixes and decisions become the snapshot's operational state.
    - A compact summary found in that stretch belongs to the previous compaction: it fills the
      previous snapshot's conversational state if PostCompact never delivered it.
    - An unreadable transcript still gives a snapshot (without operational notes).
    - A transcript with nothing new since the last snapshot (the same bytes read again) leaves
      that snapshot as the latest: no second copy of the same state (issue 29.9).
    """

    uow: SessionUnitOfWork
    workspace: Workspace
    files: ProjectFiles
    transcripts: TranscriptFiles
    extractor: TranscriptExtractor
    attach: AttachCompactSummary
    update: UpdatePreCompactSummary
    clock: Clock

    def execute(self, request: PreCompactRequest) -> Captured:
        project = self._record(request)
        extraction = self._extract(request, project)
        if extraction is not None and not extraction.digest.fresh and (same := self._latest(request)):
            return Captured(same, extraction.candidates_created)
        compact = extraction.digest.compact_summary if extraction else None
        if compact:
            self.attach.execute(CompactSummary(request.session_id, compact, project, False))
        state = self.files.read()
        snapshot = self.update.execute(PreCompactSnapshot(
            request.session_id, extraction.operational_notes() if extraction else None, None, project,
            state.goal, state.phase,
        ))
        return Captured(snapshot, extraction.candidates_created if extraction else 0)

    def _latest(self, request: PreCompactRequest) -> SessionSummary | None:
        with self.uow as uow:
            snapshots = uow.summaries.snapshots(request.session_id)
        return snapshots[-1] if snapshots else None

    def _record(self, request: PreCompactRequest) -> str | None:
        now, path = self.clock.now(), request.transcript_path
        with self.uow as uow:
            project = resolve_project(uow.projects, self.workspace, None, now)
            uow.sessions.record(SessionEvent(
                request.session_id, HookEvent.PRE_COMPACT, now, path, self.workspace.root(),
                self.transcripts.size(path) if path else None, request.trigger,
            ), project)
            uow.commit()
        return project

    def _extract(self, request: PreCompactRequest, project: str | None) -> ExtractionResult | None:
        if not request.transcript_path:
            return None
        try:
            return self.extractor.execute(
                session_id=request.session_id, transcript_path=request.transcript_path, project=project
            )
        except TranscriptUnreadable:
            return None

