"""Wiring of distillation after `abzu finalize`, `abzu import-sessions` and `abzu complete-project`
(spec §6 step 2): the configured distiller, what to distil and what not to repeat.

Built on the session lifecycle's factory (wiring/lifecycle.py), so the background finalize
distils without the container; its settings are `Settings` or `DistillValues` (the same
fields, read by setting_fields.py without pydantic-settings)."""

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any, Protocol

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
from abzu.entrypoints.data_home import DataHome

if TYPE_CHECKING:
    from abzu.entrypoints.settings import Settings
    from abzu.entrypoints.wiring.lifecycle import SessionLifecycle

EXISTING = 50  # of the project's other staged items shown as "already known"
TALK_CHARS = 6_000  # of the final summary's conversational part (compaction summaries)


class DistillSettings(Protocol):
    """What distillation reads of the settings (Settings has every one of them)."""

    @property
    def distiller_in_use(self) -> str | None: ...
    @property
    def claude_executable(self) -> str: ...
    @property
    def distill_timeout_s(self) -> float: ...
    @property
    def distill_daily_cap(self) -> int: ...
    @property
    def distill_daily_tokens(self) -> int: ...
    @property
    def distill_model(self) -> str: ...
    @property
    def review_attempts(self) -> int: ...
    @property
    def review_api_key(self) -> str | None: ...
    @property
    def layout(self) -> DataHome: ...


@dataclass(frozen=True)
class DistillValues:
    """The distillation settings the background finalize reads through setting_fields.py (the
    definitions Settings validates with). Gemini's model, attempts and key come from Settings
    itself, and only when Gemini distils (its client costs ~0.5 s to import anyway)."""

    layout: DataHome
    distiller: str
    claude_executable: str
    distill_timeout_s: float
    distill_daily_cap: int
    distill_daily_tokens: int

    @classmethod
    def read(cls) -> "DistillValues":
        from abzu.entrypoints import setting_fields as one

        home, *rest = one.values(one.HOME, one.DISTILLER, one.CLAUDE_EXECUTABLE, one.DISTILL_TIMEOUT_S,
                                 one.DISTILL_DAILY_CAP, one.DISTILL_DAILY_TOKENS)
        return cls(DataHome.at(home), *rest)

    @property
    def distiller_in_use(self) -> str | None:
        from abzu.entrypoints.distiller_choice import chosen

        return chosen(self.distiller, self.claude_executable)

    @cached_property
    def _settings(self) -> "Settings":
        from abzu.entrypoints.settings import Settings

        return Settings()

    @property
    def distill_model(self) -> str:
        return self._settings.distill_model

    @property
    def review_attempts(self) -> int:
        return self._settings.review_attempts

    @property
    def review_api_key(self) -> str | None:
        return self._settings.review_api_key


class _Unavailable:
    """A configured distiller that cannot run (no API key): every call fails, and says why."""

    def __init__(self, name: str, reason: str) -> None:
        self.name, self._reason = name, reason

    def distill(self, prompt_text: str) -> DistillAnswer:
        raise DistillerFailed(self._reason)


def build_distiller(settings: DistillSettings, *, httpx_client: Any = None) -> Distiller | None:
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


def distill_session(cases: "SessionLifecycle", settings: DistillSettings, distiller: Distiller | None = None
                    ) -> DistillSession:
    return DistillSession(
        distiller or build_distiller(settings), cases.extraction_uow(), cases.remember_many(),
        cases.clock, cases.ids, daily_cap=settings.distill_daily_cap,
        daily_tokens=settings.distill_daily_tokens,
    )


def distill_after(cases: "SessionLifecycle", settings: DistillSettings, done: Finalized,
                  distiller: Distiller | None = None) -> DistillOutcome | None:
    """None when finalising found nothing new (nothing to distil)."""
    if done.summary is None:
        return None
    summary = done.summary
    session = distill_session(cases, settings, distiller)
    if session.distiller is None:  # off: logged as skipped, nothing gathered for a prompt never sent
        return session.execute(DistillRequest(done.session_id, summary.project, None, ()))
    mine, others = _staged(cases, summary.project, done.session_id)
    told = "\n\n".join(t for t in (summary.operational_state, _clip(summary.conversational_state)) if t)
    reviewed = _reviewed(cases, summary.project, [told, *mine])
    request = DistillRequest(done.session_id, summary.project, told or None, mine, others, reviewed)
    return session.execute(request)


def distill_completion(cases: "SessionLifecycle", settings: DistillSettings, project: str,
                       drafts: Sequence[str],
                       distiller: Distiller | None = None) -> DistillOutcome | None:
    """A completed project's em.db drafts, distilled like a session's heuristics; None when
    no distiller is configured (completing a project stays quiet about distillation then)."""
    if settings.distiller_in_use is None and distiller is None:
        return None
    _, others = _staged(cases, project, None)
    known = set(drafts)  # staged a moment ago by the completion itself: not "already known"
    request = DistillRequest(f"em:{project}", project, None, tuple(drafts),
                             tuple(o for o in others if o not in known),
                             _reviewed(cases, project, drafts),
                             source=CandidateSource.PROJECT_COMPLETION, origin=f"the em.db of {project}")
    return distill_session(cases, settings, distiller).execute(request)


def _clip(text: str | None) -> str | None:
    return text if text is None or len(text) <= TALK_CHARS else text[:TALK_CHARS - 1] + "…"


def _reviewed(cases: "SessionLifecycle", project: str | None, texts: Sequence[str]) -> tuple[str, ...]:
    from abzu.application.extraction.known_beads import KnownBeads

    return KnownBeads(cases.reader()).execute(project, texts)


def _staged(cases: "SessionLifecycle", project: str | None, session_id: str | None
            ) -> tuple[tuple[str, ...], tuple[str, ...]]:
    from abzu.application.review.get_staged_candidates import GetStagedCandidates

    staged = GetStagedCandidates(cases.reader()).execute(project)
    mine = tuple(c.content for c in staged if session_id and c.session_id == session_id)
    others = tuple(c.content for c in staged if not session_id or c.session_id != session_id)
    return mine, others[-EXISTING:]
