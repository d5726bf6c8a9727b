"""Post-compact injection (spec §7 Post-Compact, §12): the thread, never beads."""

from abzu.application.sessions.hook_ports import ProjectState
from abzu.application.sessions.inject_post_compact import InjectPostCompact, PostCompactRequest
from tests.fakes import FixedClock, FixedWorkspace
from tests.session_fakes import (
    FakeContext,
    FakePersona,
    FakeProjectFiles,
    RecordingJournal,
)
from tests.unit.session_builders import hit, snapshot

ONE = snapshot(1, talk="We debated DB vs Redis for refresh tokens, leaning DB.",
               notes="Files modified (1): auth.py")
TWO = snapshot(2, talk="Decided: DB. Now writing the rotation job.", notes="Files modified (1): jobs.py")


def post_compact(tier: str, *summaries: object) -> tuple[str, RecordingJournal, bool]:
    journal = RecordingJournal()
    sut = InjectPostCompact(
        FakeContext(summaries=list(summaries), hits=[hit("b-1", "some bead")]),  # type: ignore[arg-type]
        journal, FakeProjectFiles(ProjectState(goal="Auth", tier=tier, gates="Gate one.\nGate two.")),
        FakePersona("P1\nP2\nP3\nP4"), FixedWorkspace(), FixedClock(),
    )
    injected = sut.execute(PostCompactRequest("sess-now", "/t/now.jsonl"))
    return injected.text, journal, injected.collapsed


def test_standard_carries_every_accumulated_summary_and_no_beads() -> None:
    text, *_ = post_compact("standard", ONE, TWO)
    assert "leaning DB" in text and "jobs.py" in text
    assert text.index("Snapshot 1") < text.index("Snapshot 2")
    assert "b-1" not in text and "Relevant memory" not in text


def test_minimal_carries_only_the_last_summary_and_short_persona_and_gates() -> None:
    text, *_ = post_compact("minimal", ONE, TWO)
    assert "jobs.py" in text and "leaning DB" not in text and "auth.py" not in text
    assert "P3" in text and "P4" not in text
    assert "Gate one." in text and "Gate two." not in text


def test_over_budget_the_collapse_is_recorded() -> None:
    long_ones = [snapshot(i, talk=f"We decided to use store {i}. " + "detail " * 900) for i in range(1, 5)]
    text, journal, collapsed = post_compact("full", *long_ones)
    assert collapsed and len(text) <= 9_500
    [record] = journal.injections
    assert record.collapsed and record.event == "post_compact" and record.characters == len(text)


def test_the_compact_summary_claude_code_just_wrote_is_not_repeated() -> None:
    # TWO is this compaction's snapshot: its conversational state is Claude Code's own summary.
    text, *_ = post_compact("standard", ONE, TWO)
    assert "rotation job" not in text
    assert "Files modified (1): jobs.py" in text


def test_without_snapshots_the_block_still_states_the_project() -> None:
    text, *_ = post_compact("standard")
    assert "Goal (from .enki/goal): Auth" in text and "This session before compaction" not in text
