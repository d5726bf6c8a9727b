"""The delta header's read of `memory_events` on real SQLite files (plain sqlite3, hook side)."""

import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

from abzu.adapters.sqlite.context_reader import Sqlite3SessionContext
from abzu.application.remember import RememberRequest
from abzu.domain.decay import DecayPolicy
from abzu.domain.sessions.delta_event import DeltaEvent
from abzu.domain.sessions.record import HookEvent, SessionEvent
from abzu.entrypoints.wiring.container import Container


def started(container: Container, session_id: str, project: str, at: datetime) -> None:
    with container.sessions.uow() as uow:
        uow.sessions.record(SessionEvent(session_id, HookEvent.SESSION_START, at, None, None, None,
                                         "startup"), project)
        uow.commit()


def remember(container: Container, text: str, project: str | None) -> str:
    return container.remember().execute(RememberRequest(text, "decision", project=project)).unwrap().id


def reader(home: Path) -> Sqlite3SessionContext:
    return Sqlite3SessionContext(home / "wisdom.db", home / "abzu.db", DecayPolicy())


def test_counts_this_projects_and_global_events_since_its_previous_session(
    container: Container, abzu_home: Path,
) -> None:
    before = remember(container, "Staged before the previous session", "api")
    with sqlite3.connect(abzu_home / "abzu.db") as conn:  # events carry SQLite's clock: move it back
        conn.execute("UPDATE memory_events SET at = '2026-01-01 00:00:00.000' WHERE item_id = ?", (before,))
    started(container, "sess-before", "api", datetime.now(UTC) - timedelta(seconds=1))
    started(container, "sess-other", "billing", datetime.now(UTC) - timedelta(days=1))
    staged = [remember(container, f"Token rule number {n} for the api", "api") for n in range(3)]
    remember(container, "Invoices are numbered per year", "billing")
    remember(container, "Logs ship to the collector", None)
    bead = container.review.promote_candidate().execute(staged[0]).unwrap().bead_id
    container.review.flag_for_deletion().execute(bead, "outdated").unwrap()
    delta = reader(abzu_home).memory_delta("api", excluding="sess-now")
    assert delta is not None and before not in str(delta)
    assert (delta.counts["staged"], delta.counts["promoted"], delta.counts["flagged"]) == (3, 1, 1)
    assert delta.recent == (DeltaEvent(bead, "flagged"), DeltaEvent(bead, "promoted", "decision"))
    assert delta.staged_total == 5 and delta.last_review is None


def test_the_current_session_is_not_its_own_previous_one(container: Container, abzu_home: Path) -> None:
    started(container, "sess-now", "api", datetime.now(UTC))
    assert reader(abzu_home).memory_delta("api", excluding="sess-now") is None


def test_missing_stores_read_as_no_delta(tmp_path: Path) -> None:
    assert reader(tmp_path).memory_delta("api", excluding="sess-now") is None
