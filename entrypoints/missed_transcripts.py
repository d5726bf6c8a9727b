"""Transcripts on disk that no capture covered ("missed", issue 11 item 4): counted by
`abzu status`, imported by the recovery started at session start (and `abzu recover`), on the
session lifecycle's factory (wiring/lifecycle.py).

Cheap when there is nothing to do: one folder listing, and a transcript named by its session id
is matched to its session row without being opened."""

from datetime import datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable

    from abzu.application.sessions.finalize_session import Finalized
    from abzu.application.sessions.import_sessions import ImportReport, ImportSessions
    from abzu.entrypoints.wiring.lifecycle import SessionLifecycle


def transcript_files(folder: Path) -> list[str]:
    """`*.jsonl` one level under each project folder; regular files only. Missing folder: none."""
    if not folder.is_dir():
        return []
    found = sorted({*folder.glob("*.jsonl"), *folder.glob("*/*.jsonl")})
    return [str(p) for p in found if p.is_file() and not p.is_symlink()]


def import_use_case(cases: "SessionLifecycle", *, distil: bool = False) -> "ImportSessions":
    """`distil`: each imported session is distilled too when a distiller is configured (the
    daily call and token caps bound a large back-fill; beyond them the rest is skipped, logged)."""
    from abzu.adapters.jsonl.transcript_origin import JsonlTranscriptOrigins
    from abzu.application.sessions.import_sessions import ImportSessions

    return ImportSessions(JsonlTranscriptOrigins(), cases.journal(), cases.ingest_spool(),
                          cases.finalize_session, cases.uow(), cases.transcripts(), cases.clock,
                          after=_distiller(cases) if distil else None)


def _distiller(cases: "SessionLifecycle") -> "Callable[[Finalized], int] | None":
    from abzu.entrypoints.wiring.distill import DistillValues, distill_after

    settings = DistillValues.read()
    if settings.distiller_in_use is None:
        return None

    def distil(done: "Finalized") -> int:
        outcome = distill_after(cases, settings, done)
        return outcome.created if outcome else 0

    return distil


def missed(cases: "SessionLifecycle", projects: Path) -> list[str]:
    """`projects`: where Claude Code keeps transcripts (the `claude_projects` setting)."""
    files = transcript_files(projects)
    return import_use_case(cases).missed(files) if files else []


def catch_up(cases: "SessionLifecycle", projects: Path, *, exclude: str | None, idle: timedelta
             ) -> "ImportReport | None":
    """Imports the missed transcripts not written for `idle` (a live session is never taken for a
    missed one) other than the starting session's; None when there was nothing to do."""
    now, transcripts = cases.clock.now(), cases.transcripts()
    due = [p for p in missed(cases, projects)
           if Path(p).stem != exclude and _quiet(transcripts.modified_at(p), now, idle)]
    return import_use_case(cases, distil=True).execute(due) if due else None


def _quiet(written: datetime | None, now: datetime, idle: timedelta) -> bool:
    return written is not None and now - written >= idle
