"""Use case: a hook leaves a trace of the session, cheaply (spec §7 loss-proof capture)."""

from dataclasses import dataclass

from abzu.application.ports import Clock, Workspace
from abzu.application.sessions.hook_ports import SessionJournal, TranscriptFiles
from abzu.domain.sessions.events import HookEvent, SessionEvent


@dataclass(frozen=True, slots=True)
class HookCall:
    session_id: str
    event: HookEvent
    transcript_path: str | None = None
    source: str | None = None


@dataclass(frozen=True, slots=True)
class RecordHookEvent:
    """- Records session id, transcript path, project folder and how far the transcript had got
      (its size) in the journal: no database lock, no transcript parsing.
    - Enough for a session that never reaches SessionEnd to be finalised at a later start.
    """

    journal: SessionJournal
    workspace: Workspace
    transcripts: TranscriptFiles
    clock: Clock

    def execute(self, call: HookCall) -> SessionEvent:
        path = call.transcript_path
        event = SessionEvent(
            call.session_id, call.event, self.clock.now(), path, self.workspace.root(),
            self.transcripts.size(path) if path else None, call.source,
        )
        self.journal.record_event(event)
        return event
