"""Crash recovery (spec §7): sessions without a final summary are finalised at a later start."""

from datetime import timedelta

from abzu.application.maintenance import RunMaintenance
from abzu.application.sessions.finalize_session import FinalizeSession
from abzu.application.sessions.ingest_spool import IngestSpool
from abzu.application.sessions.recover_sessions import RecoverRequest, RecoverSessions
from abzu.domain.sessions.record import FinalizedBy, HookEvent, InjectionRecord, SessionEvent
from tests.fakes import T0, FixedClock, FixedWorkspace, SequentialIds
from tests.session_fakes import (
    FakeSessionUnitOfWork,
    FakeTranscripts,
    ListSpool,
    ScriptedExtractor,
    make_digest,
)
from tests.unit.session_builders import snapshot

IDLE = timedelta(minutes=5)


def event(session: str, kind: HookEvent, minutes: float, root: str = "/src/api") -> SessionEvent:
    return SessionEvent(session, kind, T0 + timedelta(minutes=minutes), f"/t/{session}.jsonl", root, 10)


def recoverer(uow: FakeSessionUnitOfWork, spool: ListSpool, clock: FixedClock,
              transcripts: FakeTranscripts | None = None) -> RecoverSessions:
    extractor = ScriptedExtractor(*[make_digest(files_modified=(f"f{i}.py",)) for i in range(5)])
    finalize = FinalizeSession(uow, lambda: extractor, lambda: RunMaintenance(uow, clock), clock,
                               SequentialIds())
    ingest = IngestSpool(uow, spool, FixedWorkspace())
    return RecoverSessions(uow, ingest, lambda: finalize, FixedWorkspace(),
                           transcripts or FakeTranscripts(), clock)


def test_journaled_sessions_are_ingested_then_the_silent_ones_recovered() -> None:
    uow, clock = FakeSessionUnitOfWork(), FixedClock(T0 + timedelta(hours=1))
    spool = ListSpool([event("crashed", HookEvent.SESSION_START, 0), event("crashed", HookEvent.STOP, 3),
                       event("starting", HookEvent.SESSION_START, 59)])
    done = recoverer(uow, spool, clock).execute(RecoverRequest(excluding="starting", idle=IDLE))
    assert [d.session_id for d in done] == ["crashed"]
    assert uow.sessions.rows["crashed"].finalized_by is FinalizedBy.RECOVERY
    assert uow.sessions.rows["starting"].finalized_at is None
    assert spool.items == {}


def test_a_snapshot_survives_into_the_recovered_summary() -> None:
    uow, clock = FakeSessionUnitOfWork(), FixedClock(T0 + timedelta(hours=1))
    uow.sessions.record(event("crashed", HookEvent.PRE_COMPACT, 1), "api")
    uow.summaries.add(snapshot(1, session="crashed", talk="Half way through the migration."))
    [done] = recoverer(uow, ListSpool(), clock).execute(RecoverRequest(idle=IDLE))
    assert done.summary is not None
    assert "Half way through the migration." in (done.summary.conversational_state or "")


def test_a_session_that_is_still_writing_its_transcript_is_left_alone() -> None:
    uow, clock = FakeSessionUnitOfWork(), FixedClock(T0 + timedelta(hours=1))
    uow.sessions.record(event("live", HookEvent.SESSION_START, 0), "api")
    busy = FakeTranscripts(mtimes={"/t/live.jsonl": clock.at - timedelta(minutes=1)})
    assert recoverer(uow, ListSpool(), clock, busy).execute(RecoverRequest(idle=IDLE)) == []


def test_a_session_whose_end_was_recorded_is_recovered_at_once() -> None:
    uow, clock = FakeSessionUnitOfWork(), FixedClock(T0 + timedelta(minutes=2))
    uow.sessions.record(event("ended", HookEvent.SESSION_END, 1), "api")
    [done] = recoverer(uow, ListSpool(), clock).execute(RecoverRequest(idle=IDLE))
    assert done.session_id == "ended"


def test_other_projects_are_recovered_only_when_asked() -> None:
    uow, clock = FakeSessionUnitOfWork(), FixedClock(T0 + timedelta(hours=1))
    uow.sessions.record(event("elsewhere", HookEvent.STOP, 0, root="/src/web"), "web")
    assert recoverer(uow, ListSpool(), clock).execute(RecoverRequest(idle=IDLE)) == []
    [done] = recoverer(uow, ListSpool(), clock).execute(RecoverRequest(all_projects=True, idle=IDLE))
    assert done.session_id == "elsewhere"


def test_injection_records_are_ingested_once_even_when_replayed() -> None:
    uow = FakeSessionUnitOfWork()
    record = InjectionRecord("s1", "session_start", "standard", 1_234, False, T0, "s1:start:1")
    IngestSpool(uow, ListSpool([record]), FixedWorkspace()).execute()
    IngestSpool(uow, ListSpool([record]), FixedWorkspace()).execute()
    assert list(uow.injections.rows.values()) == [record]


def test_a_tail_written_after_finalisation_is_mined_once_and_merged() -> None:
    uow, clock = FakeSessionUnitOfWork(), FixedClock(T0 + timedelta(hours=1))
    uow.sessions.record(event("ended", HookEvent.SESSION_END, 0), "api")
    uow.sessions.mark_finalized("ended", at=T0 + timedelta(minutes=1), by=FinalizedBy.SESSION_END)
    flushed = FakeTranscripts(mtimes={"/t/ended.jsonl": T0 + timedelta(minutes=2)})
    [done] = recoverer(uow, ListSpool(), clock, flushed).execute(RecoverRequest(idle=IDLE))
    assert done.session_id == "ended" and done.summary is not None
    assert "f0.py" in (done.summary.operational_state or "")
    assert uow.sessions.rows["ended"].finalized_by is FinalizedBy.SESSION_END  # still counted as captured
    assert recoverer(uow, ListSpool(), clock, flushed).execute(RecoverRequest(idle=IDLE)) == []


def test_a_finalised_transcript_not_written_since_is_left_alone() -> None:
    uow, clock = FakeSessionUnitOfWork(), FixedClock(T0 + timedelta(hours=1))
    uow.sessions.record(event("ended", HookEvent.SESSION_END, 0), "api")
    uow.sessions.mark_finalized("ended", at=T0 + timedelta(minutes=3), by=FinalizedBy.SESSION_END)
    quiet = FakeTranscripts(mtimes={"/t/ended.jsonl": T0 + timedelta(minutes=2)})
    assert recoverer(uow, ListSpool(), clock, quiet).execute(RecoverRequest(idle=IDLE)) == []
