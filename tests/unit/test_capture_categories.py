"""The five categories of heuristic capture, on synthetic records (issue 11 item 2)."""

import pytest

from abzu.domain.category import Category
from abzu.domain.extraction.heuristics import digest
from abzu.domain.extraction.transcript import TranscriptRecord
from tests.unit.records import bash, calls, edit, returns, said, todos, wrote


def _flat(*parts: TranscriptRecord | list[TranscriptRecord]) -> list[TranscriptRecord]:
    return [r for p in parts for r in (p if isinstance(p, list) else [p])]


def _drafts(*parts: TranscriptRecord | list[TranscriptRecord]) -> dict[str, Category]:
    return {d.content: d.category for d in digest(_flat(*parts)).candidate_drafts()}


@pytest.mark.parametrize("sentence", [
    "Changed the cache key to include the tenant id, since two tenants shared one entry.",
    "I'll store the session tokens in Redis rather than in the cookie.",
    "Decided to keep the v1 endpoint for old clients.",
    "We'll switch to httpx for the async client.",
    "I need to create a simpler useTodos hook that matches the existing todo-app structure.",
    "We need to add a retry wrapper so that a busy database never loses a write.",
])
def test_the_spec_decision_forms_are_decisions(sentence: str) -> None:
    acted = edit("t1", "/src/cache.py")
    assert _drafts(said("fix the cache please"), wrote(sentence), acted) == {sentence: Category.DECISION}


@pytest.mark.parametrize("sentence", [
    "Changed the cache key to include the tenant id.",  # no alternative, no reason: a status report
    "I'll use the Edit tool to update the file.",  # narration of the next step
])
def test_a_step_without_alternative_or_reason_is_no_decision(sentence: str) -> None:
    assert _drafts(said("fix the cache please"), wrote(sentence), edit("t1", "/src/cache.py")) == {}


def test_a_choice_the_exchange_never_carried_out_is_a_plan() -> None:
    planned = _drafts(said("how should we cache?"), wrote("We'll use Redis instead of Memcached."))
    assert planned == {}


@pytest.mark.parametrize("sentence", [
    "Turns out the fixture database is shared between workers.",
    "The issue was a stale lock file left by the previous run.",
])
def test_a_finding_said_in_passing_is_not_staged_on_its_own(sentence: str) -> None:
    # A wording rule: half of such sentences were noise on others' sessions (docs/capture.md);
    # a finding reaches the queue through the account of the task that found it.
    assert _drafts(wrote(sentence)) == {}


@pytest.mark.parametrize("sentence", [
    "Let me check the logs to see what happened there.",
    "I can see the file has 40 lines in it today.",
    "Now let me run the tests again with coverage.",
    "Let me check if there are any existing hooks or if I need to create one that matches.",
    "I need to create the component file next.",
])
def test_narration_and_observation_are_neither(sentence: str) -> None:
    assert _drafts(wrote(sentence)) == {}


def test_preferences_come_from_the_users_own_words_only() -> None:
    found = _drafts(
        said("Always run the formatter before committing. Fix the login bug."),
        wrote("Always run the formatter, noted."),  # Claude echoing is not the user's rule
    )
    assert found == {"Always run the formatter before committing.": Category.PREFERENCE}


@pytest.mark.parametrize("request_text", [
    "Fix the 401. And please keep commits small, one change per commit.",
    "Also, never push to main directly.",
    "Please avoid adding new dependencies for this.",
])
def test_a_preference_may_open_with_a_conjunction_or_please(request_text: str) -> None:
    assert Category.PREFERENCE in _drafts(said(request_text)).values()


def test_a_long_paste_states_no_preference() -> None:
    assert _drafts(said("Never do X. " + "log line\n" * 400)) == {}


def test_each_candidate_carries_the_request_and_the_exchange() -> None:
    [draft] = digest(_flat(
        said("why do the nightly builds fail?"), wrote("I'll use git-lfs 3 instead of the runner's 2.9."),
        edit("t1", "/ci/nightly.yml"),
    )).candidate_drafts()
    assert draft.context == ("Request: why do the nightly builds fail?\n"
                             "Exchange: I'll use git-lfs 3 instead of the runner's 2.9.")


def test_a_subagent_statement_carries_the_subagents_prompt() -> None:
    [draft] = digest(_flat(
        said("update the docs"), said("Check package.json scripts", is_sidechain=True),
        wrote("I'll use the docs template instead of the README.", is_sidechain=True),
        calls("t1", "Edit", file_path="/docs/index.md", old_string="a", new_string="b"),
        returns("t1", "The file /docs/index.md has been updated.", path="/docs/index.md", is_sidechain=True),
    )).candidate_drafts()
    assert draft.context.startswith("Request: Check package.json scripts\n")


def test_a_command_that_worked_only_in_another_form_is_a_learning() -> None:
    found = digest(_flat(
        bash("t1", "npx create-app demo", "? Would you like a src/ folder? › No / Yes"),
        wrote("Let me try the --yes flag to accept the defaults:"),
        bash("t2", "npx create-app demo --yes", "Success! Created demo"),
    ))
    [note] = found.notes
    assert note.category is Category.LEARNING
    assert note.text.startswith("`npx create-app` needed 2 attempts; the form that worked: "
                                "`npx create-app demo --yes`")


def test_a_rerun_without_a_retry_is_no_lesson_and_looks_never_are() -> None:
    found = digest(_flat(
        bash("t1", "pytest -q tests/a.py", "1 passed"), wrote("Now the whole suite:"),
        bash("t2", "pytest -q", "9 passed"),
        bash("t3", "ls missing/", "ls: cannot access 'missing/'", error=True),
        wrote("Let me try another folder:"), bash("t4", "ls src/", "a.py"),
    ))
    assert found.notes == () and found.fixes == ()


def test_a_failure_that_recurs_and_stays_unfixed_is_a_known_problem() -> None:
    failing = "> Build error occurred\n[TypeError: generate is not a function]"
    found = digest(_flat(
        bash("t1", "npm run build", failing, error=True), bash("t2", "npm run build", failing, error=True),
    ))
    [note] = found.notes
    assert note.text.startswith(
        "Known problem, unresolved in the session (failed 2 times): Bash `npm run build`")
    assert "generate is not a function" in note.text


def test_a_step_repeated_with_success_is_a_pattern() -> None:
    runs = [bash(f"t{i}", "make check", "all green") for i in range(3)]
    [note] = digest(_flat(*runs)).notes
    assert (note.category, note.text) == (
        Category.PATTERN, "Recurring step of this project: `make check` (run 3+ times)")


def test_a_task_ticked_after_a_denied_write_is_not_done() -> None:
    found = digest(_flat(
        todos("t1", ("Create CLAUDE.md", "in_progress")),
        calls("t2", "Write", file_path="/p/CLAUDE.md", content="x"),
        returns("t2", "Claude requested permissions to write to /p/CLAUDE.md, but you haven't granted it "
                "yet.", error=True),
        todos("t3", ("Create CLAUDE.md", "completed")),
    ))
    assert found.tasks_completed == ()
    assert found.tasks_not_done == ("Create CLAUDE.md",)


def test_the_summary_says_what_came_of_the_last_request_and_what_is_open() -> None:
    found = digest(_flat(
        said("add a health endpoint"), todos("t1", ("Add /health", "completed"), ("Write docs", "pending")),
        wrote("Checking the router.", is_sidechain=True),
        wrote("Added /health returning 200; the docs are still to write."),
    ))
    state = found.operational_state()
    assert "Open tasks (1):\n- Write docs" in state
    assert state.endswith("Last request: add a health endpoint\n"
                          "Outcome: Added /health returning 200; the docs are still to write.")


def test_an_outcome_claimed_after_a_denied_change_is_flagged() -> None:
    found = digest(_flat(
        said("create CLAUDE.md"), calls("t1", "Write", file_path="/p/CLAUDE.md", content="x"),
        returns("t1", "Permission to use Write has been denied.", error=True),
        todos("t2", ("Create CLAUDE.md", "completed")), wrote("I've created CLAUDE.md."),
    ))
    state = found.operational_state()
    assert "Outcome (as Claude reported it; see Not done): I've created CLAUDE.md." in state
