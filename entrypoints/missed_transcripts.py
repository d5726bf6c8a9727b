"""Transcripts on disk that no capture covered ("missed", issue 11 item 4): counted by
`abzu status`, imported by the detached `abzu recover` at session start.

Cheap when there is nothing to do: one folder listing, and a transcript named by its session id
is matched to its session row without being opened."""

from datetime import datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable

    from abzu.application.sessions.finalize_session import Finalized
    from abzu.application.sessions.import_sessions import ImportReport, ImportSessions
    from abzu.entrypoints.wiring.container import Container


def transcript_files(folder: Path) -> list[str]:
    """`*.jsonl` one level under each project folder; regular files only. Missing folder: none."""
    if not folder.is_dir():
        return []
    found = sorted({*folder.glob("*.jsonl"), *folder.glob("*/*.jsonl")})
    return [str(p) for p in found if p.is_file() and not p.is_symlink()]


def import_use_case(container: "Container", *, distil: bool = False) -> "ImportSessions":
    """`distil`: each imported session is distilled too when a distiller is configured (the
    daily call and token caps bound a large back-fill; beyond them the rest is skipped, logged)."""
    from abzu.adapters.jsonl.transcript_origin import JsonlTranscriptOrigins
    from abzu.application.sessions.import_sessions import ImportSessions

    s = container.sessions
    return ImportSessions(JsonlTranscriptOrigins(), s.journal(), s.ingest_spool(), s.finalize_session(),
                          s.uow(), s.transcripts(), container.clock(),
                          after=_distiller(container) if distil else None)


def _distiller(container: "Container") -> "Callable[[Finalized], int] | None":
    from abzu.entrypoints.settings import Settings
    from abzu.entrypoints.wiring.distill import distill_after

    settings = Settings()
    if settings.distiller_in_use is None:
        return None

    def distil(done: "Finalized") -> int:
        outcome = distill_after(container.lifecycle(), settings, done)
        return outcome.created if outcome else 0

    return distil


def missed(container: "Container") -> list[str]:
    files = transcript_files(Path(container.config.claude_projects()))
    return import_use_case(container).missed(files) if files else []


def catch_up(container: "Container", *, exclude: str | None, idle: timedelta) -> "ImportReport | None":
    """Imports the missed transcripts not written for `idle` (a live session is never taken for a
    missed one) other than the starting session's; None when there was nothing to do."""
    now, transcripts = container.clock().now(), container.sessions.transcripts()
    due = [p for p in missed(container)
           if Path(p).stem != exclude and _quiet(transcripts.modified_at(p), now, idle)]
    return import_use_case(container, distil=True).execute(due) if due else None


def _quiet(written: datetime | None, now: datetime, idle: timedelta) -> bool:
    return written is not None and now - written >= idle
