"""Wiring of distillation after `abzu finalize` (spec §6 step 2): the configured distiller, the
session's heuristic output and the project's other staged items as what not to repeat."""

from abzu.adapters.distill.claude_cli import ClaudeCliDistiller
from abzu.application.extraction.distill import DistillOutcome, DistillRequest, DistillSession
from abzu.application.sessions.finalize_session import Finalized
from abzu.entrypoints.settings import Settings
from abzu.entrypoints.wiring.container import Container

EXISTING = 50  # of the project's other staged items shown as "already known"


def distill_session(container: Container, settings: Settings) -> DistillSession:
    distiller = (ClaudeCliDistiller(settings.claude_executable, settings.distill_timeout_s)
                 if settings.distiller == "claude-code" else None)
    return DistillSession(
        distiller, container.extraction_uow(), container.remember_many(), container.clock(),
        container.ids(), daily_cap=settings.distill_daily_cap,
    )


def distill_after(container: Container, settings: Settings, done: Finalized) -> DistillOutcome | None:
    """None when finalising found nothing new (nothing to distil)."""
    if done.summary is None:
        return None
    staged = container.get_staged_candidates().execute(done.summary.project)
    mine = tuple(c.content for c in staged if c.session_id == done.session_id)
    others = tuple(c.content for c in staged if c.session_id != done.session_id)[-EXISTING:]
    summary = done.summary
    request = DistillRequest(done.session_id, summary.project, summary.operational_state, mine, others)
    return distill_session(container, settings).execute(request)
