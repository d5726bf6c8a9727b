"""Wiring of `abzu eval capture`: each transcript goes through the real session lifecycle
(SessionEnd journalled, spool ingested, `finalize`) on its own throw-away data home, and what
was staged is read back. The user's stores are never opened."""

import re
import tempfile
from datetime import UTC, datetime
from pathlib import Path

from abzu.application.sessions.finalize_session import FinalizeRequest
from abzu.domain.evaluation.capture import Captured
from abzu.domain.sessions.record import HookEvent, SessionEvent
from abzu.entrypoints.settings import Settings
from abzu.entrypoints.wiring.container import Container, build_container

_UNSAFE = re.compile(r"[^A-Za-z0-9_.:-]")


def captured(settings: Settings, transcript: Path) -> list[Captured]:
    """The text (summary and content) and category of every candidate finalising `transcript`
    staged, and of every preference it stored (a preference needs no review: it goes straight to
    wisdom.db)."""
    with tempfile.TemporaryDirectory(prefix="abzu-eval-capture-") as folder:
        home = Path(folder)
        container = build_container(settings.model_copy(update={"home": home}), cwd=home)
        try:
            return _finalise(container, transcript, home)
        finally:
            container.shutdown_resources()


def _finalise(container: Container, transcript: Path, home: Path) -> list[Captured]:
    session_id = _UNSAFE.sub("-", transcript.stem)[:200] or "session"
    event = SessionEvent(
        session_id, HookEvent.SESSION_END, container.clock().now(), str(transcript.resolve()),
        str(home), transcript.stat().st_size, "eval",
    )
    container.sessions.journal().record_event(event)
    container.sessions.ingest_spool().execute()
    container.sessions.finalize_session().execute(FinalizeRequest(session_id))
    staged = container.review.get_staged_candidates().execute(None)
    with container.read_uow() as uow:  # the home is new: every bead in it came from this session
        stored = uow.beads.created_since(datetime(1970, 1, 1, tzinfo=UTC))
    return [Captured(c.category.value, f"{c.summary or ''}\n{c.content}") for c in staged] + [
        Captured(b.category.value, f"{b.summary or ''}\n{b.content}") for b in stored]
