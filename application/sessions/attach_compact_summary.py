"""Use case: keep Claude Code's compact summary as a snapshot's conversational state (spec §7)."""

from dataclasses import dataclass
from enum import StrEnum

from abzu.application.ports import Clock, IdGenerator, Workspace
from abzu.application.projects import resolve_project
from abzu.application.sessions.ports import SessionUnitOfWork
from abzu.application.sessions.stored import stored_text
from abzu.domain.sessions.summary import SessionSummary


class Attached(StrEnum):
    ATTACHED = "attached"
    APPENDED = "appended"
    UNCHANGED = "unchanged"


@dataclass(frozen=True, slots=True)
class CompactSummary:
    """`append_when_taken`: with PostCompact's own summary, a compaction whose PreCompact never
    ran still gets a snapshot; a summary found in the transcript only fills a gap. `project`
    defaults to the workspace's."""

    session_id: str
    text: str
    project: str | None = None
    append_when_taken: bool = True


@dataclass(frozen=True, slots=True)
class AttachCompactSummary:
    """- Fills the newest snapshot's conversational state when it is empty; never overwrites.
    - If the newest snapshot already has another one (or there is none), and the summary comes
      from PostCompact, a new snapshot with the next sequence holds it.
    - The text is redacted before it is stored.
    """

    uow: SessionUnitOfWork
    workspace: Workspace
    clock: Clock
    ids: IdGenerator

    def execute(self, request: CompactSummary) -> Attached:
        text = stored_text(request.text)
        if text is None:
            return Attached.UNCHANGED
        with self.uow as uow:
            snapshots = uow.summaries.snapshots(request.session_id)
            latest = snapshots[-1] if snapshots else None
            if latest is not None and uow.summaries.attach_conversational(latest.id, text):
                outcome = Attached.ATTACHED
            elif request.append_when_taken and (latest is None or latest.conversational_state != text):
                project = request.project or resolve_project(
                    uow.projects, self.workspace, None, self.clock.now()
                )
                sequence = uow.summaries.next_sequence(request.session_id)
                uow.summaries.add(self._snapshot(request.session_id, project, text, sequence))
                outcome = Attached.APPENDED
            else:
                return Attached.UNCHANGED
            uow.commit()
        return outcome

    def _snapshot(self, session_id: str, project: str | None, text: str, sequence: int) -> SessionSummary:
        return SessionSummary(
            id=self.ids.new_id("s"), session_id=session_id, project=project,
            sequence=sequence, created_at=self.clock.now(), conversational_state=text,
        )
