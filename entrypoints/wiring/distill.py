"""Wiring of distillation after `abzu finalize`, `abzu import-sessions` and `abzu complete-project`
(spec §6 step 2): the configured distiller, what to distil and what not to repeat."""

from collections.abc import Sequence
from typing import Any

from abzu.application.extraction.distill import (
    DistillAnswer,
    Distiller,
    DistillerFailed,
    DistillOutcome,
    DistillRequest,
    DistillSession,
)
from abzu.application.sessions.finalize_session import Finalized
from abzu.domain.bead import CandidateSource
from abzu.entrypoints.settings import Settings
from abzu.entrypoints.wiring.container import Container

EXISTING = 50  # of the project's other staged items shown as "already known"
TALK_CHARS = 6_000  # of the final summary's conversational part (compaction summaries)


class _Unavailable:
    """A configured distiller that cannot run (no API key): every call fails, and says why."""

    def __init__(self, name: str, reason: str) -> None:
        self.name, self._reason = name, reason

    def distill(self, prompt_text: str) -> DistillAnswer:
        raise DistillerFailed(self._reason)


def build_distiller(settings: Settings, *, httpx_client: Any = None) -> Distiller | None:
    """None when off (`auto` without Claude Code on PATH included). `httpx_client` is for tests
    (a mock transport instead of Gemini)."""
    in_use = settings.distiller_in_use
    if in_use == "claude-code":
        from abzu.adapters.distill.claude_cli import ClaudeCliDistiller

        return ClaudeCliDistiller(settings.claude_executable, settings.distill_timeout_s,
                                  workdir=settings.layout.distill)
    if in_use != "gemini":
        return None
    if not settings.review_api_key:
        return _Unavailable("gemini", "Gemini is not configured: no GEMINI_API_KEY or GOOGLE_API_KEY")
    # google-genai costs ~0.5 s to import: only a distillation that reaches Gemini pays for it.
    from abzu.adapters.gemini.client import build_gemini_client
    from abzu.adapters.gemini.distiller import GeminiDistiller

    client = build_gemini_client(settings.review_api_key, timeout_s=settings.distill_timeout_s,
                                 attempts=settings.review_attempts, httpx_client=httpx_client)
    return GeminiDistiller(client, settings.distill_model)


def distill_session(container: Container, settings: Settings, distiller: Distiller | None = None
                    ) -> DistillSession:
    return DistillSession(
        distiller or build_distiller(settings), container.extraction_uow(), container.remember_many(),
        container.clock(), container.ids(), daily_cap=settings.distill_daily_cap,
        daily_tokens=settings.distill_daily_tokens,
    )


def distill_after(container: Container, settings: Settings, done: Finalized,
                  distiller: Distiller | None = None) -> DistillOutcome | None:
    """None when finalising found nothing new (nothing to distil)."""
    if done.summary is None:
        return None
    summary = done.summary
    session = distill_session(container, settings, distiller)
    if session.distiller is None:  # off: logged as skipped, nothing gathered for a prompt never sent
        return session.execute(DistillRequest(done.session_id, summary.project, None, ()))
    mine, others = _staged(container, summary.project, done.session_id)
    told = "\n\n".join(t for t in (summary.operational_state, _clip(summary.conversational_state)) if t)
    reviewed = _reviewed(container, summary.project, [told, *mine])
    request = DistillRequest(done.session_id, summary.project, told or None, mine, others, reviewed)
    return session.execute(request)


def distill_completion(container: Container, settings: Settings, project: str, drafts: Sequence[str],
                       distiller: Distiller | None = None) -> DistillOutcome | None:
    """A completed project's em.db drafts, distilled like a session's heuristics; None when
    no distiller is configured (completing a project stays quiet about distillation then)."""
    if settings.distiller_in_use is None and distiller is None:
        return None
    _, others = _staged(container, project, None)
    known = set(drafts)  # staged a moment ago by the completion itself: not "already known"
    request = DistillRequest(f"em:{project}", project, None, tuple(drafts),
                             tuple(o for o in others if o not in known),
                             _reviewed(container, project, drafts),
                             source=CandidateSource.PROJECT_COMPLETION, origin=f"the em.db of {project}")
    return distill_session(container, settings, distiller).execute(request)


def _clip(text: str | None) -> str | None:
    return text if text is None or len(text) <= TALK_CHARS else text[:TALK_CHARS - 1] + "…"


def _reviewed(container: Container, project: str | None, texts: Sequence[str]) -> tuple[str, ...]:
    from abzu.application.extraction.known_beads import KnownBeads

    return KnownBeads(container.read_uow()).execute(project, texts)


def _staged(container: Container, project: str | None, session_id: str | None
            ) -> tuple[tuple[str, ...], tuple[str, ...]]:
    staged = container.get_staged_candidates().execute(project)
    mine = tuple(c.content for c in staged if session_id and c.session_id == session_id)
    others = tuple(c.content for c in staged if not session_id or c.session_id != session_id)
    return mine, others[-EXISTING:]
