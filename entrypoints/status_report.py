"""The status every door shows (CLI `abzu status`, MCP `enki_status`): one function, so the two
cannot drift apart again (the MCP tool once answered `"sessions": null`)."""

from dataclasses import asdict
from typing import TYPE_CHECKING

from abzu.entrypoints.views import ReviewStateView, SemanticView, SessionsView, StatusView

if TYPE_CHECKING:
    from abzu.entrypoints.wiring.container import Container


def full_status(container: "Container") -> StatusView:
    view = StatusView.of(container.status().execute())
    health = container.sessions.session_status().execute()
    from pathlib import Path

    from abzu.entrypoints.distiller_choice import described
    from abzu.entrypoints.missed_transcripts import missed

    counts = asdict(health.counts)
    distillation = described(container.config.distiller(), container.config.claude_executable())
    lost = missed(container.lifecycle(), Path(container.config.claude_projects()))
    view.sessions = SessionsView(**counts, spooled=health.spooled, missed=len(lost),
                                 distillation=distillation)
    state = container.trust.review_state().execute(view.staged)
    view.review = ReviewStateView(
        due=state.due, spent_tokens_this_month=state.spent_this_month.tokens,
        spent_usd_this_month=round(state.spent_this_month.cost, 6),
        ceiling_tokens=state.ceiling.max_tokens, ceiling_usd=state.ceiling.max_cost,
    )
    view.semantic = _semantic(container)
    return view


def _semantic(container: "Container") -> SemanticView | None:
    if not container.config.semantic():
        return None
    from abzu.entrypoints.wiring.semantic import coverage

    found = coverage(container)
    return None if found is None else SemanticView(model=found.model, embedded=found.embedded,
                                                   total=found.total)
