"""Use case: the context re-injected right after a compaction (spec §4, §7, §12)."""

from dataclasses import dataclass, replace
from functools import partial

from abzu.application.ports import Clock, Workspace
from abzu.application.sessions.hook_ports import (
    PersonaSource,
    ProjectFiles,
    SessionContext,
    SessionJournal,
)
from abzu.application.sessions.injected import Injected, log_injection
from abzu.domain.injection import PLANS, Section, Tier, assemble, room_for
from abzu.domain.quoting import new_fence
from abzu.domain.sessions.capture_hint import CAPTURE_LINE
from abzu.domain.sessions.events import HookEvent, SessionEvent
from abzu.domain.sessions.fit import fit_summaries
from abzu.domain.sessions.render import neutralised, render_summary, snapshot_title, stamp
from abzu.domain.sessions.sections import header, standing_sections
from abzu.domain.sessions.summary import SessionSummary

THREAD_TITLE = "This session before compaction:"


@dataclass(frozen=True, slots=True)
class PostCompactRequest:
    session_id: str
    transcript_path: str | None = None
    tier: str | None = None


@dataclass(frozen=True, slots=True)
class InjectPostCompact:
    """- Loads persona, phase / tier / goal, this session's accumulated summaries and the gates;
      never beads (§7: the conversational state carries what was relevant).
    - Minimal tier: the last summary only; Standard and Full: all of them, collapsed when over
      budget (most recent in full, earlier ones condensed, then key decisions only).
    - The newest snapshot's conversational state is left out: it is the compact summary Claude
      Code just wrote and already holds: no transcript is read.
    - Records the injection (characters, collapsed or not) in the journal.
    """

    context: SessionContext
    journal: SessionJournal
    files: ProjectFiles
    persona: PersonaSource
    workspace: Workspace
    clock: Clock

    def execute(self, request: PostCompactRequest) -> Injected:
        now, root, state = self.clock.now(), self.workspace.root(), self.files.read()
        tier = Tier.parse(request.tier or state.tier)
        plan = PLANS[tier]
        project = self.context.project_for_root(root) if root else None
        summaries = self._summaries(request)
        if not plan.all_snapshots:
            summaries = summaries[-1:]
        fence = new_fence()  # one per block, chosen after everything in it was stored
        top = f"{header(project, f'after a compaction ({stamp(now)})', fence)}\n{CAPTURE_LINE}"
        fixed = standing_sections(plan, tier, project=project, phase=state.phase, goal=state.goal,
                                  gates=state.gates, persona=self.persona.read(), fence=fence)
        room = room_for(top, fixed, THREAD_TITLE, plan.summary_chars, budget=plan.total_chars)
        fit = fit_summaries([neutralised(s) for s in summaries], room, partial(_render, fence=fence))
        thread = [Section(THREAD_TITLE, plan.summary_chars, fit.text)] if fit.text else []
        assembled = assemble(top, [*fixed, *thread], budget=plan.total_chars)
        injected = Injected(assembled.text, tier, project, fit.collapsed, assembled.omitted_items)
        self.journal.record_event(
            SessionEvent(request.session_id, HookEvent.SESSION_START, now, request.transcript_path,
                         root, None, "compact")
        )
        log_injection(self.journal, injected, session_id=request.session_id, event="post_compact", at=now)
        return injected

    def _summaries(self, request: PostCompactRequest) -> list[SessionSummary]:
        """Claude Code's compact summary of this compaction is already in its context, word for
        word: the newest snapshot (taken for this compaction) contributes its notes only."""
        summaries = self.context.session_summaries(request.session_id)
        if not summaries:
            return summaries
        return [*summaries[:-1], replace(summaries[-1], conversational_state=None)]


def _render(summary: SessionSummary, *, fence: str) -> str:
    return render_summary(summary, snapshot_title(summary), fence)
