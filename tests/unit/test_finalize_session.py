"""Session end (spec §7 Session End, §9 retention): one reconciled final summary, tidy store."""

from datetime import timedelta

from returns.result import Failure, Success

from abzu.application.maintenance import RunMaintenance
from abzu.application.sessions.finalize_session import Finalized, FinalizeRequest, FinalizeSession
from abzu.domain.sessions.errors import SessionNotFound
from abzu.domain.sessions.record import FinalizedBy, HookEvent, SessionEvent
from tests.fakes import T0, FixedClock, SequentialIds, bead
from tests.session_fakes import FakeSessionUnitOfWork, ScriptedExtractor, make_digest
from tests.unit.session_builders import snapshot

IDS = SequentialIds()


def finalizer(uow: FakeSessionUnitOfWork, extractor: ScriptedExtractor, clock: FixedClock) -> FinalizeSession:
    return FinalizeSession(uow, lambda: extractor, lambda: RunMaintenance(uow, clock), clock, IDS)


def seen(uow: FakeSessionUnitOfWork, session: str, *, path: str | None = "/t/s.jsonl") -> None:
    uow.sessions.record(SessionEvent(session, HookEvent.SESSION_START, T0, path, "/src/api"), "api")


def finalized(outcome: object) -> Finalized:
    match outcome:
        case Success(Finalized() as done):
            return done
        case _:
            raise AssertionError(f"not finalised: {outcome}")


def test_snapshots_and_the_transcript_tail_become_one_final_summary() -> None:
    uow, clock = FakeSessionUnitOfWork(), FixedClock()
    seen(uow, "s1")
    uow.summaries.add(snapshot(1, session="s1", talk="We decided to use DB. Next step: tests.",
                               notes="Files modified (1): auth.py\nTasks completed (1):\n- login"))
    uow.summaries.add(snapshot(2, session="s1", talk="Rotation job written; we chose a 15 min TTL.",
                               notes="Files modified (2): auth.py, jobs.py\nTasks completed (1):\n- login"))
    tail = make_digest(files_modified=("tests/test_auth.py",), tasks_completed=("tests",))
    sut = finalizer(uow, ScriptedExtractor(tail, candidates=3), clock)
    done = finalized(sut.execute(FinalizeRequest("s1")))
    final = done.summary
    assert final is not None and final.is_final and done.snapshots_merged == 2
    assert final.operational_state is not None and final.conversational_state is not None
    assert final.operational_state.count("Files modified") == 1
    assert "auth.py, jobs.py, tests/test_auth.py" in final.operational_state
    assert final.operational_state.count("- login") == 1
    assert final.conversational_state.endswith("Rotation job written; we chose a 15 min TTL.")
    assert "We decided to use DB." in final.conversational_state
    assert uow.summaries.snapshots("s1") == []
    assert done.candidates_created == 3
    record = uow.sessions.rows["s1"]
    assert (record.finalized_at, record.finalized_by) == (clock.at, FinalizedBy.SESSION_END)


def test_only_the_five_newest_final_summaries_of_a_project_are_kept() -> None:
    uow, clock = FakeSessionUnitOfWork(), FixedClock()
    for n in range(7):
        seen(uow, f"s{n}")
        clock.advance(hours=1)
        finalizer(uow, ScriptedExtractor(make_digest(files_modified=(f"f{n}.py",))), clock).execute(
            FinalizeRequest(f"s{n}"))
    assert sorted(s.session_id for s in uow.summaries.finals()) == ["s2", "s3", "s4", "s5", "s6"]


def test_the_maintenance_pass_runs_decay_and_deletes_flagged_beads() -> None:
    uow, clock = FakeSessionUnitOfWork(), FixedClock(T0 + timedelta(days=200))
    uow.beads.rows = {"b-old": bead("b-old"), "b-bad": bead("b-bad", "Wrong fact").flagged("stale")}
    seen(uow, "s1")
    done = finalized(finalizer(uow, ScriptedExtractor(make_digest(errors=("boom",))), clock)
                     .execute(FinalizeRequest("s1")))
    assert done.maintenance is not None and done.maintenance.deleted == ("b-bad",)
    assert uow.beads.rows["b-old"].weight == 0.2


def test_finalising_again_with_nothing_new_changes_nothing() -> None:
    uow, clock = FakeSessionUnitOfWork(), FixedClock()
    seen(uow, "s1")
    sut = finalizer(uow, ScriptedExtractor(make_digest(files_modified=("a.py",))), clock)
    first = finalized(sut.execute(FinalizeRequest("s1")))
    again = finalized(sut.execute(FinalizeRequest("s1")))
    assert first.summary is not None and again.summary is None and again.maintenance is None
    assert [s.id for s in uow.summaries.finals()] == [first.summary.id]


def test_a_reopened_session_merges_its_earlier_final_summary() -> None:
    uow, clock = FakeSessionUnitOfWork(), FixedClock()
    seen(uow, "s1")
    extractor = ScriptedExtractor(make_digest(files_modified=("a.py",)),
                                  make_digest(files_modified=("b.py",)))
    sut = finalizer(uow, extractor, clock)
    sut.execute(FinalizeRequest("s1", FinalizedBy.RECOVERY))
    clock.advance(minutes=10)
    uow.sessions.record(SessionEvent("s1", HookEvent.STOP, clock.now()), "api")
    assert uow.sessions.rows["s1"].finalized_at is None  # reopened by activity
    done = finalized(sut.execute(FinalizeRequest("s1")))
    assert done.summary is not None and "a.py, b.py" in (done.summary.operational_state or "")
    assert len(uow.summaries.finals()) == 1
    assert uow.sessions.rows["s1"].finalized_by is FinalizedBy.SESSION_END


def test_an_empty_session_is_marked_finalised_without_a_summary() -> None:
    uow, clock = FakeSessionUnitOfWork(), FixedClock()
    seen(uow, "s1", path=None)
    done = finalized(finalizer(uow, ScriptedExtractor(), clock).execute(FinalizeRequest("s1")))
    assert done.summary is None and uow.summaries.finals() == []
    assert uow.sessions.rows["s1"].finalized_at == clock.at


def test_a_missing_transcript_falls_back_to_the_snapshots() -> None:
    uow, clock = FakeSessionUnitOfWork(), FixedClock()
    seen(uow, "s1")
    uow.summaries.add(snapshot(1, session="s1", talk="Kept from the snapshot."))
    done = finalized(finalizer(uow, ScriptedExtractor(unreadable=True), clock).execute(FinalizeRequest("s1")))
    assert done.summary is not None and done.summary.conversational_state == "Kept from the snapshot."


def test_an_unknown_session_is_not_found() -> None:
    uow = FakeSessionUnitOfWork()
    outcome = finalizer(uow, ScriptedExtractor(), FixedClock()).execute(FinalizeRequest("nope"))
    match outcome:
        case Failure(SessionNotFound() as err):
            assert "nope" in err.message
        case _:
            raise AssertionError(outcome)
