"""`abzu status` without the container (issue 13 item 1): the same report as status_report.py's
`full_status`, from the stdlib stores (memory_parts.py) and settings read as light_settings.py
reads them, printed as the views would print it (JSON as `model_dump_json`, the rich table).

It answers only when it can vouch for every input: semantic search off, no setting it does not
check given. Otherwise
`None`, and the caller builds the container, which reports a bad setting in its own words.
"""

import json
import os
from collections.abc import Mapping
from datetime import datetime
from pathlib import Path
from types import SimpleNamespace
from typing import Any, NamedTuple

from abzu.entrypoints.cli.plain import iso
from abzu.entrypoints.wiring.light_settings import StoreValues, given_values, non_negative, whole_number

# Settings' fields, by how this reader treats them (a unit test holds the three sets equal to
# Settings.model_fields): read and checked here or by StoreValues; never invalid (any text); and
# the rest, which only Settings checks, so that giving one sends status the Settings way.
READ = frozenset({"home", "relevance_floor", "max_content_chars", "semantic", "claude_projects",
                  "review_monthly_tokens", "review_monthly_usd", "review_mini_days",
                  "review_full_days", "review_staged_limit"})
ANY_TEXT = frozenset({"review_model", "gemini_key_env", "distill_model", "claude_executable",
                      "google_api_key", "gemini_api_key", "team_password_env"})
OTHERS = frozenset({"recovery_idle_minutes", "review_batch_tokens", "review_timeout_s",
                    "review_attempts", "review_price_in", "review_price_out", "distiller",
                    "distill_timeout_s", "distill_daily_cap", "distill_daily_tokens", "team_url",
                    "team_timeout_s", "team_refresh_minutes", "memory_backend"})
_DEFAULTS: Mapping[str, object] = {
    "claude_projects": "~/.claude/projects", "review_monthly_tokens": 5_000_000,
    "review_monthly_usd": 5.0, "review_mini_days": 30, "review_full_days": 90,
    "review_staged_limit": 100, "claude_executable": "claude",
}


class StatusSettings(NamedTuple):
    claude_projects: Path
    ceiling_tokens: int
    ceiling_usd: float
    cadence: tuple[int, int, int]  # mini days, full days, staged limit
    distillation: str  # distiller_choice.described: `distiller` given sends status the Settings way


def read_settings(environ: Mapping[str, str] = os.environ) -> StatusSettings | None:
    raw = given_values(_DEFAULTS, OTHERS, environ)
    if raw is None:
        return None
    projects, claude = raw["claude_projects"], raw["claude_executable"]
    if not isinstance(projects, str) or not isinstance(claude, str):
        return None
    tokens = whole_number(raw["review_monthly_tokens"], 0)
    usd = non_negative(raw["review_monthly_usd"])
    cadence = tuple(whole_number(raw[k], 1) for k in
                    ("review_mini_days", "review_full_days", "review_staged_limit"))
    if tokens is None or usd is None or None in cadence:
        return None
    mini, full, limit = (int(n or 0) for n in cadence)
    from abzu.entrypoints.distiller_choice import AUTO, described

    return StatusSettings(Path(projects).expanduser(), tokens, usd, (mini, full, limit),
                          described(AUTO, claude))



def light_status(as_json: bool, store: StoreValues) -> int | None:
    """0 once printed; None when the container should answer (see the module's docstring)."""
    settings = read_settings()
    if settings is None or store.semantic:
        return None
    view, last_review_at = status_view(store, settings)
    if as_json:
        print(json.dumps(view, indent=2, ensure_ascii=False))
    else:
        from abzu.entrypoints.cli import render

        render.status(_namespace(view, last_review_at))
    return 0


def status_view(store: StoreValues, settings: StatusSettings) -> tuple[dict[str, Any], datetime | None]:
    """StatusView's fields in its order, as `model_dump` (JSON mode) gives them, and the last
    review's moment as a datetime (the table prints it)."""
    from abzu.entrypoints.wiring.memory import MemoryUseCases

    memory = MemoryUseCases.open(values=store)
    s = memory.status().execute()
    weights = {f"{w:.1f}": s.beads.weights.get(w, 0) for w in (1.0, 0.5, 0.2, 0.1)}
    view: dict[str, Any] = {
        "beads": s.bead_count, "beads_by_category": dict(s.beads.by_category),
        "beads_by_project": _named(s.beads.by_project), "staged": s.staged_count,
        "staged_by_project": _named(s.staged_by_project), "starred": s.beads.starred,
        "flagged_for_deletion": s.beads.flagged, "superseded": s.beads.superseded,
        "weights": weights, "last_review_at": iso(s.last_review_at),
        "stores": [{"name": f.name, "path": f.path, "size_bytes": f.size_bytes} for f in s.stores],
        "sessions": _sessions(memory, settings),
        "review": _review(store, settings, memory.clock, s.staged_count),
        "semantic": None,
    }
    return view, s.last_review_at


def _sessions(memory: Any, settings: StatusSettings) -> dict[str, int | str]:
    health = memory.session_status().execute()
    c = health.counts
    return {"captured": c.captured, "recovered": c.recovered, "pending": c.pending,
            "spooled": health.spooled, "distilled": c.distilled, "distill_failed": c.distill_failed,
            "distill_skipped": c.distill_skipped, "distillation": settings.distillation,
            "missed": _missed(memory, settings.claude_projects), "capped": c.capped}


def _missed(memory: Any, claude_projects: Path) -> int:
    """As missed_transcripts.missed counts them, from the light parts."""
    from abzu.entrypoints.missed_transcripts import transcript_files

    files = transcript_files(claude_projects)
    if not files:
        return 0
    from abzu.adapters.jsonl.transcript_origin import JsonlTranscriptOrigins
    from abzu.adapters.transcript_files import OsTranscriptFiles
    from abzu.application.sessions.missed_transcripts import MissedTranscripts

    lookup = MissedTranscripts(JsonlTranscriptOrigins(), memory.sessions(), OsTranscriptFiles())
    return len(lookup.missed(files))


def _review(store: StoreValues, settings: StatusSettings, clock: Any, staged: int) -> dict[str, Any]:
    from abzu.adapters.sqlite.review_spend_plain import Sqlite3SpendLedger
    from abzu.adapters.sqlite.sqlite3_store import Sqlite3Store
    from abzu.application.review.spend import GetReviewState
    from abzu.domain.review.spend import ReviewCadence, SpendCeiling

    mini, full, limit = settings.cadence
    ceiling = SpendCeiling(settings.ceiling_tokens or None, settings.ceiling_usd or None)  # 0: none
    state = GetReviewState(Sqlite3SpendLedger(Sqlite3Store(store.home.staging, "staging")), clock,
                           ceiling, ReviewCadence(mini_days=mini, full_days=full, staged_limit=limit)
                           ).execute(staged)
    return {"due": state.due, "spent_tokens_this_month": int(state.spent_this_month.tokens),
            "spent_usd_this_month": round(float(state.spent_this_month.cost), 6),
            "ceiling_tokens": ceiling.max_tokens,
            "ceiling_usd": None if ceiling.max_cost is None else float(ceiling.max_cost)}


def _named(counts: Mapping[str | None, int]) -> dict[str, int]:
    return {(k if k is not None else "(global)"): v for k, v in counts.items()}


def _namespace(view: dict[str, Any], last_review_at: datetime | None) -> Any:
    """What render.status reads, as attributes: the table is the views' own code."""
    return SimpleNamespace(**{
        **view, "last_review_at": last_review_at,
        "stores": [SimpleNamespace(**f) for f in view["stores"]],
        "sessions": SimpleNamespace(**view["sessions"]), "review": SimpleNamespace(**view["review"]),
    })
