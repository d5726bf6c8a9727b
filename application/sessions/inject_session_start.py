"""Use case: the context injected when a Claude Code session starts (spec §4, §7, §12)."""

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial

from abzu.application.basic_ports import Clock, Workspace
from abzu.application.sessions.hook_ports import (
    CrashedTranscripts,
    PersonaSource,
    ProjectFiles,
    SessionContext,
    SessionJournal,
    TranscriptFiles,
)
from abzu.application.sessions.injected import Injected, log_injection
from abzu.domain.injection import PLANS, Section, Tier, TierPlan, assemble, room_for
from abzu.domain.quoting import new_fence
from abzu.domain.ranking import RankingPolicy, SearchHit, Source
from abzu.domain.review.cadence import ReviewCadence
from abzu.domain.sessions.capture_hint import CAPTURE_LINE
from abzu.domain.sessions.delta import delta_lines
from abzu.domain.sessions.events import HookEvent, SessionEvent
from abzu.domain.sessions.fit import fit_summaries
from abzu.domain.sessions.loops import LOOPS_CHARS, SHOWN, loops_text
from abzu.domain.sessions.loops import TITLE as LOOPS_TITLE
from abzu.domain.sessions.render import (
    crashed_session,
    last_session_title,
    neutralised,
    render_summary,
    stamp,
)
from abzu.domain.sessions.sections import header, memory_section, present, standing_sections
from abzu.domain.sessions.summary import SessionSummary
from abzu.domain.text import keywords

LAST_SESSION_TITLE = "Last session:"


@dataclass(frozen=True, slots=True)
class SessionStartRequest:
    """`project`, `goal` and `tier` override what the workspace and `.enki/` files say."""

    session_id: str
    source: str = "startup"
    transcript_path: str | None = None
    project: str | None = None
    goal: str | None = None
    tier: str | None = None


@dataclass(frozen=True, slots=True)
class InjectSessionStart:
    """- Loads, by tier (§12): persona (Minimal: first 3 lines), phase / tier / goal from
      `.enki/` (tier defaults to Standard), the last session's final summary (Standard, Full),
      relevant beads by full-text search on goal and project (Standard 3; Full 5 beads + 3
      candidates), enforcement gates (Minimal: one line).
    - A crashed previous session (no final summary yet) is represented by its last snapshot;
      one with no summary at all (killed before any compaction) by a digest of its transcript
      tail, labelled as crashed (`crashed`: the transcripts beside this session's).
    - Under the header (and the delta): one standing line saying when enki_remember is meant to
      be called (capture_hint.py, issue 30.4), inside the budget like the header.
    - What earlier sessions left open (open loops: tasks, changes not done, errors) comes
      before the last session, newest first, at most 5, the rest counted ("N more: `abzu loops`").
    - The block stays within the tier budget and 9,500 characters; items that do not fit are
      counted in "N more items via recall". Stored text is quoted with its provenance.
    - Records the session start and the injection in the journal; writes `.enki/SESSION_ID`
      only where `.enki/` exists. Reads never wait for the write lock.
    """

    context: SessionContext
    journal: SessionJournal
    files: ProjectFiles
    persona: PersonaSource
    workspace: Workspace
    transcripts: TranscriptFiles
    clock: Clock
    ranking: RankingPolicy = field(default_factory=RankingPolicy)
    cadence: ReviewCadence = field(default_factory=ReviewCadence)
    crashed: CrashedTranscripts | None = None
    fences: Callable[[], str] = new_fence  # a new nonce per block; a test fixes it

    def execute(self, request: SessionStartRequest) -> Injected:
        now, root, state = self.clock.now(), self.workspace.root(), self.files.read()
        tier = Tier.parse(request.tier or state.tier)
        plan = PLANS[tier]
        project = request.project or (self.context.project_for_root(root) if root else None)
        fence = self.fences()  # one per block, chosen after everything in it was stored
        top = self._with_delta(header(project, f"session start ({stamp(now)})", fence),
                               project, request.session_id) + f"\n{CAPTURE_LINE}"
        fixed = standing_sections(plan, tier, project=project, phase=state.phase,
                                  goal=request.goal or state.goal, gates=state.gates,
                                  persona=self.persona.read(), fence=fence)
        fixed += present(self._loops(top, fixed, plan, project, fence))
        last, collapsed = self._last_session(top, fixed, plan, project, request, fence=fence)
        hits, more = self._memory(plan, project, request.goal or state.goal)
        sections = [*fixed, *present(last, memory_section(hits, plan.total_chars, fence))]
        assembled = assemble(top, sections, budget=plan.total_chars, more=more)
        injected = Injected(assembled.text, tier, project, collapsed, assembled.omitted_items)
        self._record(request, root, injected)
        return injected

    def _with_delta(self, top: str, project: str | None, session_id: str) -> str:
        """The delta header's lines right under the header: the first thing read, inside the
        same budget (it counts as part of the header)."""
        if project is None:
            return top
        delta = self.context.memory_delta(project, excluding=session_id)
        lines = delta_lines(delta, self.cadence, self.clock.now())
        return f"{top}\n{lines}" if lines else top

    def _loops(self, top: str, fixed: list[Section], plan: TierPlan, project: str | None,
               fence: str) -> Section | None:
        """What earlier sessions left open (issue 29): the newest few, whole, within their share
        of the budget, before the last session's summary (which is cut to the room left)."""
        shown = self.context.open_loops(project, limit=SHOWN) if project is not None else None
        if shown is None or shown.total == 0:
            return None
        room = room_for(top, fixed, LOOPS_TITLE, LOOPS_CHARS, budget=plan.total_chars)
        text = loops_text(shown, fence, room)
        return Section(LOOPS_TITLE, LOOPS_CHARS, text) if text else None

    def _last_session(
        self, top: str, fixed: list[Section], plan: TierPlan, project: str | None,
        request: SessionStartRequest, *, fence: str,
    ) -> tuple[Section | None, bool]:
        if not plan.last_session:
            return None, False
        found = (self.context.last_session(project, excluding=request.session_id)
                 if project is not None else None)
        room = room_for(top, fixed, LAST_SESSION_TITLE, plan.summary_chars, budget=plan.total_chars)
        crash = self._crashed(request, found, fence, room)
        if crash is not None:
            return Section(LAST_SESSION_TITLE, plan.summary_chars, crash), False
        if found is None:
            return None, False
        fit = fit_summaries([neutralised(found)], room, partial(_render_last, fence=fence))
        return Section(LAST_SESSION_TITLE, plan.summary_chars, fit.text), fit.collapsed

    def _crashed(
        self, request: SessionStartRequest, found: SessionSummary | None, fence: str, room: int
    ) -> str | None:
        """The digest of a newer session that left no summary at all: its transcript was written
        after the last summary shown, and no final summary or snapshot of it exists."""
        if self.crashed is None or not request.transcript_path:
            return None
        after = found.created_at if found is not None else None
        other = self.crashed.latest_other(request.transcript_path, excluding=request.session_id, after=after)
        if other is None or (after is not None and other.modified_at <= after):
            return None
        if self.context.session_summaries(other.session_id) or self.context.session_ended(other.session_id):
            return None  # finalised or ending cleanly, or its snapshot is the last session already
        from abzu.domain.sessions.crashed import digest_tail  # rare: most starts never load it

        digest = digest_tail(other.tail)
        if digest.empty:
            return None
        return crashed_session(other.session_id, other.modified_at, digest.render(), fence, room)

    def _memory(self, plan: TierPlan, project: str | None, goal: str | None) -> tuple[list[SearchHit], int]:
        if plan.beads + plan.candidates == 0:
            return [], 0
        now = self.clock.now()
        terms = keywords(" ".join(t for t in (goal, project) if t))
        wanted = max(30, 4 * (plan.beads + plan.candidates))
        found = self.context.search(terms, project, limit=wanted, now=now)
        ranked = [r.hit for r in self.ranking.rank(found, focus_project=project, limit=len(found))]
        beads = [h for h in ranked if h.source is Source.BEAD]
        candidates = [h for h in ranked if h.source is Source.CANDIDATE]
        chosen = beads[: plan.beads]
        if len(chosen) < plan.beads and project is not None:
            known = {h.item_id for h in chosen}
            extra = self.context.notable(project, limit=plan.beads, now=now)
            chosen += [h for h in extra if h.item_id not in known][: plan.beads - len(chosen)]
        more = max(0, len(beads) - plan.beads) + max(0, len(candidates) - plan.candidates)
        return chosen + candidates[: plan.candidates], more

    def _record(self, request: SessionStartRequest, root: str | None, injected: Injected) -> None:
        now, path = self.clock.now(), request.transcript_path
        self.journal.record_event(SessionEvent(
            request.session_id, HookEvent.SESSION_START, now, path, root,
            self.transcripts.size(path) if path else None, request.source,
        ))
        log_injection(self.journal, injected, session_id=request.session_id, event="session_start", at=now)
        self.files.write_session_id(request.session_id)


def _render_last(summary: SessionSummary, *, fence: str) -> str:
    return render_summary(summary, last_session_title(summary), fence)
