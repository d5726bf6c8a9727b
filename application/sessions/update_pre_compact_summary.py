"""Use case: store the state of a session just before Claude Code compacts it (spec §4, §7)."""

from dataclasses import dataclass

from abzu.application.ports import Clock, IdGenerator
from abzu.application.sessions.ports import SessionUnitOfWork
from abzu.application.sessions.stored import stored_text
from abzu.domain.sessions.summary import SessionSummary


@dataclass(frozen=True, slots=True)
class PreCompactSnapshot:
    session_id: str
    operational_state: str | None
    conversational_state: str | None = None
    project: str | None = None
    goal: str | None = None
    phase: str | None = None


@dataclass(frozen=True, slots=True)
class UpdatePreCompactSummary:
    """- Appends a snapshot with the next sequence (1, 2, 3 …): summaries accumulate across
      compactions, an earlier snapshot is never overwritten.
    - Operational state: files, tasks, errors (heuristic, from the transcript); conversational
      state: Claude Code's compact summary, often attached later (AttachCompactSummary).
    - Every text is redacted before it is stored.
    """

    uow: SessionUnitOfWork
    clock: Clock
    ids: IdGenerator

    def execute(self, request: PreCompactSnapshot) -> SessionSummary:
        with self.uow as uow:
            snapshot = SessionSummary(
                id=self.ids.new_id("s"), session_id=request.session_id, project=request.project,
                sequence=uow.summaries.next_sequence(request.session_id),
                created_at=self.clock.now(), goal=stored_text(request.goal), phase=stored_text(request.phase),
                operational_state=stored_text(request.operational_state),
                conversational_state=stored_text(request.conversational_state),
            )
            uow.summaries.add(snapshot)
            uow.commit()
        return snapshot
