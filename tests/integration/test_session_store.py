"""Session tables of abzu.db on real SQLite files (migration s0003, Core repositories)."""

import sqlite3
from datetime import timedelta
from pathlib import Path

from abzu.adapters.sqlite.migrations.runner import HEADS
from abzu.domain.sessions.record import (
    FinalizedBy,
    HookEvent,
    InjectionRecord,
    SessionCounts,
    SessionEvent,
)
from abzu.entrypoints.wiring.container import Container
from tests.fakes import T0, present
from tests.unit.session_builders import snapshot


def columns(db: Path, table: str) -> set[str]:
    with sqlite3.connect(db) as conn:
        return {row[1] for row in conn.execute(f"PRAGMA table_info({table})")}


def test_abzu_db_is_migrated_to_the_session_lifecycle_schema(container: Container, abzu_home: Path) -> None:
    with container.sessions.uow() as uow:
        uow.sessions.counts()
    with sqlite3.connect(abzu_home / "abzu.db") as conn:
        assert conn.execute("SELECT version_num FROM alembic_version").fetchone()[0] == HEADS["staging"]
    assert {"last_offset", "finalized_by"} <= columns(abzu_home / "abzu.db", "sessions")
    assert "event_key" in columns(abzu_home / "abzu.db", "injection_log")


def test_snapshots_accumulate_and_a_final_replaces_them(container: Container) -> None:
    with container.sessions.uow() as uow:
        assert uow.summaries.next_sequence("s1") == 1
        uow.summaries.add(snapshot(1, session="s1", notes="n1"))
        uow.summaries.add(snapshot(2, session="s1", talk="t2"))
        uow.commit()
    with container.sessions.uow() as uow:
        first, second = uow.summaries.snapshots("s1")
        assert (first.operational_state, second.conversational_state) == ("n1", "t2")
        assert uow.summaries.attach_conversational(first.id, "late summary")
        assert not uow.summaries.attach_conversational(second.id, "would overwrite")
        assert uow.summaries.next_sequence("s1") == 3
        uow.summaries.replace_final(snapshot(2, session="s1", talk="final A", final=True))
        uow.summaries.replace_final(snapshot(2, session="s1", talk="final B", final=True))
        assert uow.summaries.delete_snapshots("s1") == 2
        uow.commit()
    with container.sessions.uow() as uow:
        assert uow.summaries.snapshots("s1") == []
        final = uow.summaries.final_of("s1")
        assert final is not None and final.conversational_state == "final B"


def test_a_projects_newest_finals_but_one_sessions_are_read_back(container: Container) -> None:
    with container.sessions.uow() as uow:
        for n in range(4):
            uow.summaries.replace_final(snapshot(0, session=f"s{n}", final=True, at=T0 + timedelta(hours=n)))
        uow.summaries.replace_final(snapshot(0, session="other", project="web", final=True))
        uow.summaries.add(snapshot(1, session="s9", notes="a snapshot, not a final"))
        uow.commit()
    with container.sessions.uow() as uow:
        found = uow.summaries.project_finals("api", excluding="s3", limit=2)
    assert [s.session_id for s in found] == ["s2", "s1"]


def test_only_the_newest_final_summaries_of_a_project_survive_pruning(container: Container) -> None:
    with container.sessions.uow() as uow:
        for n in range(7):
            uow.summaries.replace_final(snapshot(0, session=f"s{n}", final=True, at=T0 + timedelta(hours=n)))
        uow.summaries.replace_final(snapshot(0, session="other", project="web", final=True))
        assert uow.summaries.prune_finals("api", 5) == 2
        uow.commit()
    with container.sessions.uow() as uow:
        kept = [s for s in (f"s{n}" for n in range(7)) if uow.summaries.final_of(s)]
        assert kept == ["s2", "s3", "s4", "s5", "s6"]
        assert uow.summaries.final_of("other") is not None


def test_hook_events_fold_into_one_session_row(container: Container) -> None:
    start = SessionEvent("s1", HookEvent.SESSION_START, T0, "/t/s1.jsonl", "/src/api", 100, "startup")
    stop = SessionEvent("s1", HookEvent.STOP, T0 + timedelta(minutes=5), None, None, 900)
    end = SessionEvent("s1", HookEvent.SESSION_END, T0 + timedelta(minutes=6), None, None, 950, "exit")
    with container.sessions.uow() as uow:
        for event in (stop, start, end):  # a replayed journal may arrive out of order
            uow.sessions.record(event, "api" if event.root else None)
        uow.commit()
    with container.sessions.uow() as uow:
        record = present(uow.sessions.get("s1"))
    assert (record.project, record.transcript_path, record.root) == ("api", "/t/s1.jsonl", "/src/api")
    assert (record.started_at, record.last_event, record.last_offset) == (T0, "SessionEnd", 950)
    assert record.ended_at == end.at and not record.is_finalized


def test_activity_after_finalisation_reopens_a_session_but_replays_do_not(container: Container) -> None:
    with container.sessions.uow() as uow:
        uow.sessions.record(SessionEvent("s1", HookEvent.SESSION_START, T0, "/t/s1.jsonl", "/src/api"), "api")
        uow.sessions.mark_finalized("s1", at=T0 + timedelta(minutes=10), by=FinalizedBy.RECOVERY)
        uow.sessions.record(SessionEvent("s1", HookEvent.STOP, T0 + timedelta(minutes=1)), None)
        assert present(uow.sessions.get("s1")).is_finalized
        assert uow.sessions.counts() == SessionCounts(captured=0, recovered=1, pending=0)
        uow.sessions.record(SessionEvent("s1", HookEvent.STOP, T0 + timedelta(minutes=11)), None)
        assert not present(uow.sessions.get("s1")).is_finalized
        assert [r.session_id for r in uow.sessions.unfinalized("api")] == ["s1"]
        assert uow.sessions.counts() == SessionCounts(captured=0, recovered=0, pending=1)


def test_an_injection_record_is_stored_once_per_key(container: Container, abzu_home: Path) -> None:
    record = InjectionRecord("s1", "post_compact", "full", 9_100, True, T0, "s1:post:1")
    for _ in range(2):
        with container.sessions.uow() as uow:
            uow.injections.record(record)
            uow.commit()
    with sqlite3.connect(abzu_home / "abzu.db") as conn:
        query = "SELECT session_id, event, tier, characters, collapsed FROM injection_log"
        rows = conn.execute(query).fetchall()
    assert rows == [("s1", "post_compact", "full", 9_100, 1)]
