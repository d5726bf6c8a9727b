"""Heuristic condensation and reconciliation of session summaries (no LLM)."""

import pytest

from abzu.domain.sessions.condense import active_files, condensed, decisions, direction, key_decisions
from abzu.domain.sessions.reconcile import merge_operational, reconcile
from tests.unit.session_builders import snapshot

ONE = snapshot(1, talk="We looked at Redis. We decided to store refresh tokens in the DB.\n"
                       "Current Work: rotation job in jobs/rotate.py",
               notes="Files modified (1): src/auth.py")
TWO = snapshot(2, talk="Switched to a 15 minute TTL instead of an hour. Next step: tests.",
               notes="Files modified (2): src/auth.py, tests/test_auth.py")


def test_decisions_are_sentences_that_state_one_without_duplicates() -> None:
    again = snapshot(3, talk="We decided to store refresh tokens in the DB.")
    assert decisions([ONE, TWO, again]) == [
        "We decided to store refresh tokens in the DB.",
        "Switched to a 15 minute TTL instead of an hour.",
    ]


def test_active_files_are_the_most_recent_first() -> None:
    assert active_files([ONE, TWO])[:3] == ["src/auth.py", "tests/test_auth.py", "jobs/rotate.py"]


def test_direction_follows_a_current_work_or_next_step_heading() -> None:
    assert direction(ONE) == "rotation job in jobs/rotate.py"
    assert direction(TWO) == "tests."


def test_condensed_narrative_names_decisions_direction_and_files() -> None:
    text = condensed([ONE, TWO])
    assert text.startswith("Earlier in this session (2 snapshot(s), condensed by Abzu):")
    assert "> Decisions: We decided to store refresh tokens in the DB. | Switched to a 15" in text
    assert "> Direction then: tests." in text and "src/auth.py" in text


def test_key_decisions_fit_the_room_given() -> None:
    assert len(key_decisions([ONE, TWO], 140)) <= 140
    assert key_decisions([ONE, TWO], 20) == ""


def test_operational_notes_merge_under_their_headings_without_repeats() -> None:
    merged = merge_operational([
        "Files modified (1): a.py\nTasks completed (1):\n- build\nLast request: first",
        "Files modified (2): a.py, b.py (+3 more)\nTasks completed (2):\n- build\n- test\n"
        "Last request: second",
    ])
    assert merged.splitlines() == [
        "Files modified (2): a.py, b.py", "Tasks completed:", "- build", "- test", "Last request: second",
    ]


def test_reconcile_keeps_the_latest_conversation_and_earlier_decisions_it_lacks() -> None:
    operational, conversational = reconcile([ONE, TWO], tail_operational=None, tail_conversational=None)
    assert operational == "Files modified (2): src/auth.py, tests/test_auth.py"
    assert conversational is not None
    assert conversational.startswith("Earlier decisions: We decided to store refresh tokens in the DB.")
    assert conversational.endswith(TWO.conversational_state or "")
    assert "We looked at Redis" not in conversational


def test_a_compact_summary_in_the_tail_is_the_latest_conversation() -> None:
    _, conversational = reconcile([ONE], tail_operational="Files modified (1): z.py",
                                  tail_conversational="Final compaction summary.")
    assert conversational is not None and conversational.endswith("Final compaction summary.")


@pytest.mark.parametrize("heading", [
    "Tasks completed:", "Tasks completed (12):", "Tasks completed (12): (most recent shown)",
    "## Tasks completed",
])
def test_every_heading_form_merges_with_the_plain_one(heading: str) -> None:
    merged = merge_operational(["Tasks completed (2):\n- t1", f"{heading}\n- t3\nFixed (1):\n- y"])
    title = "## Tasks completed" if heading.startswith("#") else "Tasks completed:"
    assert "- t3" in merged.split(title, 1)[1].split("Fixed")[0]
    assert merged.count("- t3") == 1 and "Fixed:\n- y" in merged


def test_an_error_fixed_in_a_later_snapshot_is_no_longer_unresolved() -> None:
    merged = merge_operational([
        "Unresolved errors (1):\n- Bash `make`: boom",
        "Fixed (1):\n- Bash `make`: boom → fixed by: edited Makefile",
    ])
    assert "Unresolved" not in merged
    assert "Fixed:\n- Bash `make`: boom → fixed by: edited Makefile" in merged


def test_the_latest_outcome_stays_and_tasks_done_later_are_no_longer_open() -> None:
    merged = merge_operational([
        "Open tasks (2):\n- a\n- b\nLast request: do a and b\nOutcome: did nothing yet",
        "Tasks completed (1):\n- a\nLast request: go on\nOutcome: a is done",
    ])
    assert "Open tasks:\n- b" in merged and "- a\n- b" not in merged
    assert merged.endswith("Last request: go on\nOutcome: a is done")
    assert "did nothing yet" not in merged
