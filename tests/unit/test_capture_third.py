"""Capture-third: signals read from who spoke and what was called (hand-written minimal sessions)."""

import pytest

from abzu.domain.category import Category
from abzu.domain.extraction.heuristics import CandidateDraft, digest
from abzu.domain.extraction.reported import reported_error
from abzu.domain.extraction.standing import standing_instructions
from abzu.domain.extraction.transcript import TranscriptRecord
from tests.unit.records import bash, calls, edit, returns, said, wrote

PASTE = ("```\nworker-1 12:00:01 ERROR supervisor: service api exited quickly with code 1\n"
         "node: cannot find module '/srv/app/dist/main.js'\n```")
EXPLAINED = "The unit starts dist/main.js, but the build writes to build/main.js, so the path is wrong."


def _drafts(*parts: TranscriptRecord | list[TranscriptRecord]) -> list[CandidateDraft]:
    return list(digest([r for p in parts for r in (p if isinstance(p, list) else [p])]).candidate_drafts())


# --- the person reports a failure, Claude edits, the person does not report it again: a fix ----

def test_a_failure_the_person_pasted_then_fixed_by_edits_is_a_fix_without_a_rerun() -> None:
    [fix] = _drafts(said(PASTE), wrote(EXPLAINED),
                    edit("t1", "/deploy/app.service", "dist/main.js", "build/main.js"))
    assert fix.category is Category.FIX
    assert fix.content.startswith("Reported by the user: node: cannot find module '/srv/app/dist/main.js'")
    assert f"Cause: {EXPLAINED}" in fix.content and "Fixed by: edited /deploy/app.service" in fix.content
    assert "Files changed: /deploy/app.service" in fix.content and "Then passed" not in fix.content


def test_a_short_plain_report_counts_and_the_fix_closes_when_the_person_moves_on() -> None:
    drafts = _drafts(said("the dev server doesn't start since the upgrade"), wrote(EXPLAINED),
                     edit("t1", "/vite.config.ts"), said("thanks, now add a dark mode toggle"))
    assert [d.category for d in drafts] == [Category.FIX]
    assert "doesn't start since the upgrade" in drafts[0].content


@pytest.mark.parametrize("parts", [
    [said(PASTE), wrote("That error means the module path is wrong; check your unit file.")],  # advice
    [said(PASTE), wrote(EXPLAINED), edit("t1", "/deploy/app.service"), said(PASTE)],  # reported again
    [said(PASTE), calls("t1", "Write", file_path="/notes.md", content="x"), returns("t1")],  # new file only
    [said("please handle the error case in the parser"), edit("t1", "/src/parser.py")],  # a task
])
def test_advice_a_repeated_report_new_files_and_tasks_about_errors_stage_no_reported_fix(
        parts: list[TranscriptRecord | list[TranscriptRecord]]) -> None:
    assert [d for d in _drafts(*parts) if d.category is Category.FIX] == []


def test_the_reported_error_line_is_the_specific_one_of_a_log() -> None:
    assert reported_error(PASTE) == ("node: cannot find module '/srv/app/dist/main.js' | worker-1 12:00:01 "
                                     "ERROR supervisor: service api exited quickly with code 1")
    assert reported_error("<task-notification>… ERROR …</task-notification>") is None
    assert reported_error("why do we log errors twice?") is None


@pytest.mark.parametrize("paste", [
    "× This workspace doesn't have anything for dist to Release!\n  help: pass the current version as --tag",
    " ✖ 2 problems (2 errors, 0 warnings)",
])
def test_a_paste_opening_with_an_error_glyph_is_a_reported_failure(paste: str) -> None:
    assert reported_error(paste) == paste.splitlines()[0].strip()


# --- how the person wants work done: a preference -------------------------------------------

def test_instructions_about_the_agents_way_of_working_are_preferences() -> None:
    brief = ("We are reviewing the billing module this week. Don't trust anything the old README says "
             "about the schema. I want you to keep your replies short, to save my reading time. "
             "Run the migration checker and list what it flags.")
    assert list(standing_instructions(brief)) == [
        "Don't trust anything the old README says about the schema.",
        "I want you to keep your replies short, to save my reading time.",
    ]
    drafts = _drafts(said(brief))
    assert {d.category for d in drafts} == {Category.PREFERENCE}
    assert [d.content for d in drafts] == list(standing_instructions(brief))


@pytest.mark.parametrize("text", [
    "Run the migration checker and list what it flags.",  # a task
    "Use the staging database for this test.",  # a one-off
    "I want you to add a settings page.",  # addressed, but its object is the task
    "Never do X.\n" + "12:00:01 worker started\n" * 60,  # a paste
    "> don't trust anything here\nwhat does this quote mean?",  # a quoted line
])
def test_task_requests_pastes_and_quotes_are_no_standing_instruction(text: str) -> None:
    assert list(standing_instructions(text)) == []


# --- empty answers, then the same tool answering: where the data is -------------------------

def test_a_query_that_answered_after_empty_ones_is_a_learning() -> None:
    drafts = _drafts(said("what does the last deploy say?"),
                     bash("t1", "kubectl get pods -n default -l app=web", ""),
                     bash("t2", "kubectl get pods -n web-prod -l app=web", "web-7d9 1/1 Running"))
    [learning] = [d for d in drafts if "empty answer" in d.content]
    assert learning.category is Category.LEARNING
    assert learning.content.startswith("`kubectl get pods -n web-prod -l app=web` found it where "
                                       "`kubectl get pods -n default -l app=web` returned nothing")


@pytest.mark.parametrize("parts", [
    [bash("t1", "grep -rn TODO src", ""), bash("t2", "grep -rn FIXME src", "src/a.py:3: FIX")],  # a look
    [bash("t1", "gh pr list", "[]"), said("ok"), bash("t2", "gh pr list --state all", "#4 fix")],  # new ask
    [bash("t1", "gh pr list", "#3 docs")],  # answered at once
])
def test_empty_looks_new_exchanges_and_first_answers_are_no_empty_answer_learning(
        parts: list[TranscriptRecord | list[TranscriptRecord]]) -> None:
    assert [d for d in _drafts(*parts) if "empty answer" in d.content] == []


# --- a job added to the CI pipeline: a decision ---------------------------------------------

PIPELINE_OLD = "jobs:\n  test:\n    runs-on: ubuntu-latest\n"
PIPELINE_NEW = PIPELINE_OLD + ("  publish:\n    name: Publish image\n    steps:\n      - name: Login\n"
                               "        with:\n          registry: quay.io\n")


def test_a_job_added_to_a_ci_pipeline_is_a_decision() -> None:
    drafts = _drafts(said("we should publish an image on every merge"),
                     edit("t1", "/repo/.github/workflows/ci.yml", PIPELINE_OLD, PIPELINE_NEW))
    [decision] = [d for d in drafts if d.category is Category.DECISION]
    assert decision.content == ("CI pipeline ci.yml gained job `publish` "
                                "(name: Publish image; registry: quay.io)")
    assert "Request: we should publish an image on every merge" in decision.context


def test_steps_changed_in_an_existing_job_or_other_yaml_files_are_no_pipeline_decision() -> None:
    bumped = PIPELINE_OLD.replace("ubuntu-latest", "ubuntu-24.04")
    assert _drafts(edit("t1", "/repo/.github/workflows/ci.yml", PIPELINE_OLD, bumped)) == []
    assert _drafts(edit("t2", "/repo/config/app.yml", PIPELINE_OLD, PIPELINE_NEW)) == []


# --- a background agent's result, relayed: a learning ---------------------------------------

NOTICE = ("<task-notification>\n<task-id>a1</task-id>\n<status>completed</status>\n"
          "<summary>Agent \"Map the repo\" finished</summary>\n</task-notification>")
RELAY = ("Repo map done. The vendored SDK under third_party/sdk is 40 MB of generated code and should be "
         "grepped, never read whole; fixtures/large/*.json are 5 MB each; the real entry point is "
         "cmd/server/main.go, not main.go at the root, which is a stub kept for old scripts.")


def test_claudes_first_reply_to_a_finished_background_agent_relays_a_finding() -> None:
    [learning] = _drafts(said(NOTICE), wrote(RELAY), wrote("Anything else you want me to look at meanwhile?"))
    assert learning.content == ("Reported by a background agent (Agent \"Map the repo\" finished):\n"
                                f"Found: {RELAY}")


def test_a_reply_that_changed_a_file_or_a_notice_of_a_failed_agent_relays_nothing() -> None:
    assert _drafts(said(NOTICE), wrote(RELAY), edit("t1", "/docs/map.md")) == []
    assert _drafts(said(NOTICE.replace("completed", "failed")), wrote(RELAY)) == []


def test_each_command_of_a_chain_is_a_look() -> None:
    report = "The branch was created by the hosting runtime before the session began: " + "x" * 200
    [learning] = _drafts(said("who created this branch?"),
                         bash("t1", "git branch -a && git reflog -5", "* feature\nabc HEAD@{0}: checkout"),
                         wrote(report))
    assert learning.content == f"Asked: who created this branch?\nFound: {report}"
