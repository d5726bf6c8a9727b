"""Pre-compact snapshots accumulate; compact summaries attach, never overwrite (spec §7)."""

from abzu.application.sessions.attach_compact_summary import (
    AttachCompactSummary,
    Attached,
    CompactSummary,
)
from abzu.application.sessions.capture_pre_compact import CapturePreCompact, PreCompactRequest
from abzu.application.sessions.hook_ports import ProjectState
from abzu.application.sessions.update_pre_compact_summary import (
    PreCompactSnapshot,
    UpdatePreCompactSummary,
)
from tests.fakes import FixedClock, FixedWorkspace, SequentialIds
from tests.session_fakes import (
    FakeProjectFiles,
    FakeSessionUnitOfWork,
    FakeTranscripts,
    ScriptedExtractor,
    make_digest,
)

IDS = SequentialIds()  # shared: every use case here writes to one store


def update(uow: FakeSessionUnitOfWork) -> UpdatePreCompactSummary:
    return UpdatePreCompactSummary(uow, FixedClock(), IDS)


def attach(uow: FakeSessionUnitOfWork) -> AttachCompactSummary:
    return AttachCompactSummary(uow, FixedWorkspace(), FixedClock(), IDS)


def test_snapshots_accumulate_with_increasing_sequence() -> None:
    uow = FakeSessionUnitOfWork()
    first = update(uow).execute(PreCompactSnapshot("s1", "Files modified (1): a.py", "We chose A."))
    second = update(uow).execute(PreCompactSnapshot("s1", "Files modified (1): b.py"))
    other = update(uow).execute(PreCompactSnapshot("s2", "x"))
    assert (first.sequence, second.sequence, other.sequence) == (1, 2, 1)
    assert [s.conversational_state for s in uow.summaries.snapshots("s1")] == ["We chose A.", None]
    assert uow.commits == 3


def test_snapshot_text_is_trimmed_and_empty_text_is_absent() -> None:
    uow = FakeSessionUnitOfWork()
    snap = update(uow).execute(PreCompactSnapshot("s1", "   ", "  kept  "))
    assert (snap.operational_state, snap.conversational_state) == (None, "kept")


def test_a_compact_summary_fills_the_newest_snapshot_but_never_overwrites() -> None:
    uow = FakeSessionUnitOfWork()
    update(uow).execute(PreCompactSnapshot("s1", "notes"))
    assert attach(uow).execute(CompactSummary("s1", "First summary")) is Attached.ATTACHED
    assert attach(uow).execute(CompactSummary("s1", "First summary")) is Attached.UNCHANGED
    [snap] = uow.summaries.snapshots("s1")
    assert snap.conversational_state == "First summary"


def test_a_compaction_without_pre_compact_still_gets_its_own_snapshot() -> None:
    uow = FakeSessionUnitOfWork()
    update(uow).execute(PreCompactSnapshot("s1", "notes", "First summary"))
    assert attach(uow).execute(CompactSummary("s1", "Second summary")) is Attached.APPENDED
    snaps = uow.summaries.snapshots("s1")
    assert [(s.sequence, s.conversational_state, s.project) for s in snaps] == [
        (1, "First summary", None), (2, "Second summary", "api")]


def test_a_summary_found_in_the_transcript_only_fills_a_gap() -> None:
    uow = FakeSessionUnitOfWork()
    update(uow).execute(PreCompactSnapshot("s1", "notes", "From PostCompact"))
    outcome = attach(uow).execute(CompactSummary("s1", "From the transcript", append_when_taken=False))
    assert outcome is Attached.UNCHANGED and len(uow.summaries.snapshots("s1")) == 1


def capture(uow: FakeSessionUnitOfWork, extractor: ScriptedExtractor) -> CapturePreCompact:
    clock = FixedClock()
    return CapturePreCompact(
        uow, FixedWorkspace(), FakeProjectFiles(ProjectState(goal="Auth", phase="build")),
        FakeTranscripts({"/t/s1.jsonl": 4_096}), extractor, attach(uow), update(uow), clock,
    )


def test_capture_records_the_hook_mines_the_transcript_and_snapshots() -> None:
    uow = FakeSessionUnitOfWork()
    extractor = ScriptedExtractor(make_digest(files_modified=("auth.py",), decisions=("We'll use DB.",)),
                                  candidates=2)
    done = capture(uow, extractor).execute(PreCompactRequest("s1", "/t/s1.jsonl", "auto"))
    assert done.candidates_created == 2
    assert extractor.calls == [("s1", "/t/s1.jsonl", "api")]
    assert "Files modified (1): auth.py" in (done.snapshot.operational_state or "")
    assert (done.snapshot.goal, done.snapshot.phase, done.snapshot.project) == ("Auth", "build", "api")
    session = uow.sessions.rows["s1"]
    assert (session.last_event, session.last_offset, session.project) == ("PreCompact", 4_096, "api")


def test_the_previous_compactions_summary_found_while_mining_fills_its_snapshot() -> None:
    uow = FakeSessionUnitOfWork()
    cap = capture(uow, ScriptedExtractor(make_digest(files_modified=("a.py",)),
                                         make_digest(compact_summary="Summary of round one")))
    cap.execute(PreCompactRequest("s1", "/t/s1.jsonl"))
    cap.execute(PreCompactRequest("s1", "/t/s1.jsonl"))
    first, second = uow.summaries.snapshots("s1")
    assert first.conversational_state == "Summary of round one"
    assert second.conversational_state is None


def test_an_unreadable_transcript_still_gives_a_snapshot() -> None:
    uow = FakeSessionUnitOfWork()
    done = capture(uow, ScriptedExtractor(unreadable=True)).execute(PreCompactRequest("s1", "/t/gone.jsonl"))
    assert done.snapshot.sequence == 1 and done.snapshot.operational_state is None
