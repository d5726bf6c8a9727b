"""Capture from the shape of a session, not its wording (issue 30.2): hand-made minimal transcripts."""

import pytest

from abzu.domain.category import Category
from abzu.domain.extraction.fixes import program_of
from abzu.domain.extraction.heuristics import CandidateDraft, digest
from abzu.domain.extraction.rules import Outcome, classify, is_read_only
from abzu.domain.extraction.transcript import ToolCall, ToolOutcome, TranscriptRecord
from tests.unit.records import bash, calls, edit, returns, said, wrote

FAILING = "FAILED tests/test_cart.py::test_total - AssertionError: 9 != 10\n1 failed, 4 passed"
REJECTED = ("The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it "
            "was a file edit, the new_string was NOT written to the file).")


def _drafts(*parts: TranscriptRecord | list[TranscriptRecord]) -> list[CandidateDraft]:
    return list(digest([r for p in parts for r in (p if isinstance(p, list) else [p])]).candidate_drafts())


def _interrupt() -> TranscriptRecord:
    return said("", interrupted=True)


# --- a failing command, changes, then the same program passing: a fix -----------------------

def test_a_failing_test_then_edits_then_the_same_program_passing_is_a_standalone_fix() -> None:
    [fix] = _drafts(
        said("the cart total is off by one"),
        bash("t1", "pytest -x tests/test_cart.py", FAILING, error=True),
        wrote("The total is wrong because the discount is applied twice. Let me fix that."),
        edit("t2", "/src/cart.py", "total -= discount\ntotal -= discount", "total -= discount"),
        bash("t3", "pytest", "5 passed"),
    )
    assert fix.category is Category.FIX
    # `pytest` is the fix's proof: no pattern beside it saying the same
    assert "AssertionError: 9 != 10" in fix.content  # the error line
    assert "Cause: The total is wrong because the discount is applied twice." in fix.content
    assert "Fixed by: edited /src/cart.py" in fix.content and "Then passed: `pytest`" in fix.content
    assert "Files changed: /src/cart.py" in fix.content
    assert fix.files == ("/src/cart.py",) and fix.commands == ("pytest",)


def test_a_plain_rerun_a_tool_misuse_or_a_file_error_stages_no_fix() -> None:
    flaky = bash("t1", "npm test", "Exit code 1\nflaky", error=True)
    assert _drafts(flaky, bash("t2", "npm test", "ok")) == []
    # A Read of a missing file, then the file written: the summary's business, not a memory.
    missing = [calls("t3", "Read", file_path="/src/new.py"),
               returns("t3", "File does not exist.", error=True)]
    assert _drafts(missing, edit("t4", "/src/new.py")) == []


def test_only_housekeeping_between_failure_and_pass_fixed_nothing() -> None:
    drafts = _drafts(
        bash("t1", "npm run build", "npm ERR! code ELIFECYCLE", error=True),
        bash("t2", "sleep 5", ""),
        bash("t3", "npm run build", "built in 2s"),
    )
    assert drafts == []


@pytest.mark.parametrize(("command", "program"), [
    ("cd /app && npm run build 2>&1 | tail -20", "npm run build"),
    ("python -m pytest -q tests/a.py", "python -m pytest"),
    ("yes | npx create-app demo", "npx create-app demo"),
    ("mkdir -p out && cd out", None),
])
def test_the_program_of_a_command_leaves_its_arguments_out(command: str, program: str | None) -> None:
    assert program_of(command) == program


# --- a person correcting the agent: a preference or a learning -------------------------------

def test_a_rejected_call_then_the_persons_words_is_a_preference() -> None:
    [pref] = _drafts(
        said("add the requests library"),
        calls("t1", "Bash", command="pip install requests"), returns("t1", REJECTED, error=True),
        _interrupt(),
        said("use uv add, never pip in this repo"),
        bash("t2", "uv add requests", "Resolved 5 packages"),
    )
    assert pref.category is Category.PREFERENCE
    assert pref.content == ("use uv add, never pip in this repo "
                            "(the user, correcting Claude's Bash `pip install requests`)")


def test_the_feedback_a_rejection_carries_is_the_correction() -> None:
    [pref] = _drafts(
        calls("t1", "Write", file_path="/docs/NOTES.md"),
        returns("t1", REJECTED + " To tell you how to proceed, the user said:\nkeep notes in the wiki, "
                "not in the repo", error=True),
    )
    assert pref.content == ("keep notes in the wiki, not in the repo "
                            "(the user, correcting Claude's Write /docs/NOTES.md)")


def test_words_after_an_interrupt_correct_the_call_in_progress() -> None:
    [note] = _drafts(
        calls("t1", "Bash", command="npm run e2e"), _interrupt(),
        said("the e2e suite needs the staging VPN, run the unit tests"),
    )
    assert note.category is Category.LEARNING  # a fact, not a rule of how to work
    assert note.content.endswith("(the user, correcting Claude's Bash `npm run e2e`)")


def test_a_turn_down_after_claude_acted_is_a_correction() -> None:
    [pref] = _drafts(
        said("tidy the imports"), edit("t1", "/src/app.py", "import os", "import os, sys"),
        said("No, don't merge imports onto one line"),
    )
    assert pref.category is Category.PREFERENCE
    assert "correcting Claude's Edit /src/app.py" in pref.content


@pytest.mark.parametrize("parts", [
    # "no" answering Claude's question is an answer
    [edit("t1", "/src/app.py"), wrote("Done. Shall I also update the changelog?"), said("no, that's all")],
    # a "no" before Claude did anything corrects nothing
    [said("no tests for this one please, just the script")],
    # a new brief pasted after an interrupt is not a correction
    [calls("t1", "Bash", command="make"), said("", interrupted=True), said("Context:\n" + "line\n" * 300)],
    # a question after a rejected call: the person asks, the lesson (if any) is in the answer
    [calls("t1", "Bash", command="rm -rf build"), returns("t1", REJECTED, error=True), _interrupt(),
     said("why do you want to delete the build folder? what is in it?")],
    # halting a process Claude started is a task, not a turn-down
    [calls("t1", "Bash", command="npm run dev"), returns("t1", "ready on :3000"), said("stop the server")],
    # a few words finishing the earlier request after a rejected call state nothing on their own
    [said("check the logs to see if it was uploaded"), calls("t1", "Bash", command="vercel inspect x"),
     returns("t1", REJECTED, error=True), _interrupt(), said("as in the installer")],
])
def test_answers_briefs_and_pastes_are_not_corrections(parts: list[TranscriptRecord | list[TranscriptRecord]]
                                                       ) -> None:
    assert [d for d in _drafts(*parts) if "correcting" in d.content] == []


# --- the final message of a task is the outcome of the summary, never a candidate -------------

def test_the_agents_final_message_is_the_outcome_not_a_candidate() -> None:
    found = digest([
        said("bump the version"), *edit("t1", "/pyproject.toml", "0.1.0", "0.2.0"),
        wrote("Bumped the version to 0.2.0 in pyproject.toml."),
    ])
    assert found.outcome == "Bumped the version to 0.2.0 in pyproject.toml."
    assert found.candidate_drafts() == ()


# --- a choice between named alternatives: a decision -----------------------------------------

ASKED = [{"question": "Which queue should the jobs use?", "header": "Queue", "multiSelect": False,
          "options": [{"label": "Redis streams", "description": "x"}, {"label": "SQS", "description": "y"}]}]


def _asked(answer: str) -> list[TranscriptRecord]:
    return [calls("q1", "AskUserQuestion", questions=ASKED),
            returns("q1", 'Your questions have been answered: "Which queue should the jobs use?"='
                    f'"{answer}". You can now continue with these answers in mind.')]


def test_the_option_the_person_picked_is_a_decision_once_acted_on() -> None:
    [decision] = _drafts(said("add a job queue"), _asked("Redis streams"), edit("t1", "/src/jobs.py"))
    assert decision.category is Category.DECISION
    assert decision.content == 'Which queue should the jobs use? — the user chose "Redis streams" over "SQS".'
    assert _drafts(said("add a job queue"), _asked("SQS")) == []  # nothing was done with it


VOICES = ("No Rachel in your library any more. Which voice should be the default?\n\n"
          "| Voice | Character |\n|---|---|\n| **Alice** | Clear educator |\n"
          "| **Matilda** | Knowledgeable, professional |\n| **River** | Relaxed |\n\nYour call.")


def test_a_one_word_pick_among_options_offered_in_prose_is_a_decision_once_acted_on() -> None:
    [decision] = _drafts(said("fix the default voice"), wrote(VOICES), said("Matilda"),
                         edit("t1", "/src/voices.py"))
    assert decision.content == ('Which voice should be the default? — the user chose "Matilda" '
                                'over "Alice", "River".')
    numbered = "Two ways:\n1. Rebase onto main\n2. Merge main in\nWhich do you prefer?"
    [merge] = _drafts(said("update the branch"), wrote(numbered), said("2"),
                      bash("t1", "git merge main", "Merge made by the 'ort' strategy."))
    assert '"Merge main in" over "Rebase onto main"' in merge.content


@pytest.mark.parametrize(("offer", "reply"), [
    (VOICES, "not sure, which is closest to Rachel?"),  # a question back, not a pick
    ("Updated **cli.py** and **output.py**. All 241 tests pass.", "cli.py"),  # nothing was offered
])
def test_a_reply_that_is_not_one_of_the_options_asked_for_picks_nothing(offer: str, reply: str) -> None:
    drafts = _drafts(said("fix it"), wrote(offer), said(reply), edit("t1", "/src/x.py"))
    assert [d for d in drafts if d.category is Category.DECISION] == []


@pytest.mark.parametrize("sentence", [
    "Let me try a different approach and use the module instead of the console script.",
    "If it fails, the fix is likely in the build flags rather than the workflow.",
])
def test_attempts_and_hypotheses_are_not_decisions(sentence: str) -> None:
    assert _drafts(said("fix the build"), wrote(sentence), edit("t1", "/ci.yml")) == []


# --- what an investigation found: a learning ---------------------------------------------------

REPORT = ("No: the `typescript` override is still needed. vite-plus-core 0.2.4 declares a typescript peer "
          "range of ^5 || ^6, and a dry-run npm install without the override fails with ERESOLVE. Drop the "
          "override once vite-plus-core accepts ^7.")


def _looked(*commands: str) -> list[TranscriptRecord]:
    return [r for i, c in enumerate(commands) for r in bash(f"l{i}", c, "output")]


def test_the_report_that_answers_a_question_after_looking_is_a_learning() -> None:
    [learning] = _drafts(said("do we still need the override?"),
                         _looked("grep -n overrides package.json", "npm ls typescript"), wrote(REPORT))
    assert learning.category is Category.LEARNING
    assert learning.content == f"Asked: do we still need the override?\nFound: {REPORT}"


def test_a_question_asked_with_the_full_width_mark_is_a_question() -> None:
    [learning] = _drafts(said("这个 override 还需要吗？"), _looked("cat package.json", "npm install"),
                         wrote(REPORT))
    assert learning.content == f"Asked: 这个 override 还需要吗？\nFound: {REPORT}"


@pytest.mark.parametrize(("script", "found"), [
    ("/tmp/count_runs.mjs", True),  # a scratch script is how the question got answered: looking
    ("C:\\Users\\dev\\AppData\\Local\\Temp\\count_runs.mjs", True),
    ("/repo/scripts/count_runs.mjs", False),  # new code in the project: not a finding
])
def test_a_script_written_to_a_scratch_folder_to_answer_a_question_is_looking(script: str, found: bool
                                                                              ) -> None:
    drafts = _drafts(said("how many demo runs were there really?"),
                     [calls("w1", "Write", file_path=script, content="count()"), returns("w1", "written")],
                     _looked(f"node {script}"), wrote(REPORT))
    assert [d.content for d in drafts] == ([f"Asked: how many demo runs were there really?\nFound: {REPORT}"]
                                           if found else [])


def test_the_report_before_asking_the_person_to_choose_is_a_learning() -> None:
    drafts = _drafts(said("move the deploy to bun"), _looked("cat Dockerfile", "cat fly.toml"), wrote(REPORT),
                     _asked("Redis streams"))
    assert [d.content for d in drafts] == [f"Found: {REPORT}"]


@pytest.mark.parametrize("parts", [
    [said("do we still need the override?"), wrote(REPORT)],  # answered without looking
    [said("do we still need the override?"), _looked("cat package.json"), wrote(REPORT)],  # one look
    [said("do we still need the override?"), _looked("cat a", "cat b"), wrote("Yes, still needed.")],
])
def test_answers_without_looking_status_reports_and_short_replies_are_no_findings(
        parts: list[TranscriptRecord | list[TranscriptRecord]]) -> None:
    assert _drafts(*parts) == []


def test_the_account_of_a_task_that_changed_an_existing_file_is_a_learning() -> None:
    [learning] = _drafts(said("is the override still needed?"), _looked("cat a", "cat b"),
                         edit("t1", "/package.json"), wrote(REPORT))
    assert learning.category is Category.LEARNING
    assert learning.content == f"Done: {REPORT}"


def test_an_accounts_opening_exclamation_is_left_out() -> None:
    [learning] = _drafts(said("fix the override"), edit("t1", "/package.json"), wrote(f"Perfect! {REPORT}"))
    assert learning.content == f"Done: {REPORT}"


def test_the_account_of_a_task_done_by_commands_alone_is_a_learning() -> None:
    [learning] = _drafts(said("drop the override"), _looked("cat a", "npm install"), wrote(REPORT))
    assert learning.content == f"Done: {REPORT}"


def test_new_code_run_by_a_command_or_work_handed_to_a_subagent_gives_no_account() -> None:
    new_code = [calls("w1", "Write", file_path="/tools/count.py"), returns("w1", "File created successfully")]
    ran = _looked("python /tools/count.py")
    assert _drafts(said("count the demo runs"), new_code, ran, wrote(REPORT)) == []
    task = [calls("k1", "Task", prompt="build the app"), returns("k1", "built")]
    assert _drafts(said("build the todo app"), task, wrote(REPORT)) == []


def test_the_account_of_code_the_session_wrote_itself_or_a_short_one_is_no_candidate() -> None:
    new_code = [calls("w1", "Write", file_path="/src/tool.py"), returns("w1", "File created successfully"),
                *edit("t1", "/src/tool.py")]
    assert _drafts(said("write a tool that totals the cart"), new_code, wrote(REPORT)) == []
    assert _drafts(said("bump it"), edit("t1", "/pyproject.toml"), wrote("Bumped to 0.2.0.")) == []


def test_a_task_handed_back_after_looking_only_is_a_learning() -> None:
    blocked = ("The deployed pod runs 1.0.2, but my MCP client still holds the stale tool list: the new "
               "WAF tools only appear after you run /mcp reconnect. Nothing was changed; reconnect and I "
               "will start testing the sensor writes.")
    [learning] = _drafts(said("start testing the sensor writes"), _looked("cat handoff.md", "ls k8s"),
                         wrote(blocked))
    assert learning.content == f"Found: {blocked}"


def test_a_learning_said_right_before_claude_acts_is_a_hypothesis() -> None:
    guessed = _drafts(said("why is uv run failing?"),
                      wrote("The issue is the build backend, uv cannot resolve it."),
                      bash("t1", "uv run tool --help", "ok"))
    assert guessed == []


def test_a_failure_left_open_that_claude_explained_is_a_learning_with_its_cause() -> None:
    [learning] = _drafts(
        bash("t1", "uv sync", "error: Permission denied (os error 13)", error=True),
        wrote("This is a sandbox limitation: the venv symlinks are owned by nobody."),
    )
    assert learning.content == (
        "Unresolved in the session: Bash `uv sync`: error: Permission denied (os error 13)\n"
        "Cause: This is a sandbox limitation: the venv symlinks are owned by nobody.")


def test_a_long_question_and_answer_session_keeps_its_latest_reports() -> None:
    exchanges = [[said(f"what does module m{i} do?"), _looked(f"cat m{i}.py", f"grep -n m{i} tests"),
                  wrote(f"Module m{i} parses the config. " + REPORT)] for i in range(7)]
    drafts = _drafts(*[r for e in exchanges for r in e])
    asked = [d.content.split("\n")[0] for d in drafts]
    assert asked == [f"Asked: what does module m{i} do?" for i in range(3, 7)]


@pytest.mark.parametrize(("sentence", "decided"), [
    ("I'm switching to it and rerunning the full eval:", False),  # "it": named in an earlier message
    ("I'm switching to the plain prompt and rerunning the full eval:", True),
])
def test_a_switch_names_what_it_switches_to(sentence: str, decided: bool) -> None:
    drafts = _drafts(said("try the other wording"), wrote(sentence), edit("t1", "/prompt.py"))
    assert [d.content for d in drafts] == ([sentence] if decided else [])


@pytest.mark.parametrize("sentence", [
    "Words play simultaneously instead of sequentially.",  # a description
    "The fundamental issue is that we still add harmonics instead of composing.",  # a diagnosis
    "Looking at the analysis, I can see the timbres improved instead of the rhythm.",  # an observation
])
def test_sentences_that_name_no_chooser_are_not_decisions(sentence: str) -> None:
    assert _drafts(said("make it sound better"), wrote(sentence), edit("t1", "/music.py")) == []


def test_switching_something_from_one_thing_to_another_is_a_decision() -> None:
    sentence = "I've switched the build backend from setuptools to hatchling, which uv supports best."
    [decision] = _drafts(said("make uv run work"), edit("t1", "/pyproject.toml"), wrote(sentence))
    assert (decision.category, decision.content) == (Category.DECISION, sentence)


@pytest.mark.parametrize(("command", "looks"), [
    ("ls -la .claude 2>/dev/null | head -40", True), ("cat a.txt 2>&1", True), ("ls > listing.txt", False),
])
def test_output_thrown_away_keeps_a_look_a_look(command: str, looks: bool) -> None:
    assert is_read_only(command) is looks


@pytest.mark.parametrize(("command", "looks"), [
    ("gh pr view 377 --comments", True), ("gh api repos/o/r/pulls/377/comments", True),
    ("gh api -X POST repos/o/r/issues", False), ("gh pr checkout 399", False),
    ("kubectl get pods -n web", True), ("kubectl apply -f web.yaml", False),
    ("docker logs web-1", True), ("sed -n 1,40p app.py", True), ("sed -i s/a/b/ app.py", False),
])
def test_the_read_verbs_of_the_usual_clients_are_looks(command: str, looks: bool) -> None:
    assert is_read_only(command) is looks


@pytest.mark.parametrize(("command", "looks"), [
    ("ls build\nrm -rf build", False),  # each line of a script runs
    ("cd /repo\nfor f in a b; do\n  git log -1 -- $f\ndone", True),
    ("SHA=abc123\ngit show $SHA", True), ("cd /repo", False),
])
def test_every_line_of_a_script_is_a_step(command: str, looks: bool) -> None:
    assert is_read_only(command) is looks


def test_a_bug_in_a_file_the_session_wrote_itself_is_churn_not_a_fix() -> None:
    found = digest([r for p in [
        [calls("w1", "Write", file_path="/src/tool.py"), returns("w1", "File created successfully")],
        bash("t1", "python /src/tool.py", "SyntaxError: invalid syntax", error=True),
        edit("t2", "/src/tool.py", "pritn(", "print("),
        bash("t3", "python /src/tool.py", "done"),
    ] for r in p])
    assert len(found.fixes) == 1 and found.candidate_drafts() == ()  # the summary keeps it


# --- shapes added on the new tuning files (part 10) ------------------------------------------

def test_claude_conceding_then_redoing_the_work_is_the_corrected_choice() -> None:
    [decision] = _drafts(
        said("update the .gitignore for this rust package"), edit("t1", "/repo/.gitignore"),
        wrote("Updated the ignore list with Cargo.lock and the build folders."),
        said("is this the recommended?"),
        wrote("Good catch — I made a mistake. Since Dual is a binary, Cargo.lock should be committed, "
              "not ignored. Let me fix that."),
        edit("t2", "/repo/.gitignore"),
    )
    assert decision.category is Category.DECISION
    assert decision.content == ("Since Dual is a binary, Cargo.lock should be committed, not ignored. "
                                "(corrected after the user asked: \"is this the recommended?\")")


@pytest.mark.parametrize("parts", [
    # a diagnosis conceded, no choice with a reason
    [said("it sounds like beeps"), wrote("You're right. The current approach plays each token as a beep."),
     edit("t2", "/src/music.py")],
    # conceded, but nothing was redone: a plan
    [said("is this the recommended?"),
     wrote("You're right, Cargo.lock should be committed since this is a binary.")],
    # the person corrected in words already: that correction is the memory
    [said("no, don't ignore Cargo.lock"),
     wrote("You're right, Cargo.lock should be committed since this is a binary."),
     edit("t2", "/repo/.gitignore")],
])
def test_concessions_without_a_choice_a_change_or_after_a_correction_are_no_decisions(
    parts: list[TranscriptRecord | list[TranscriptRecord]],
) -> None:
    drafts = _drafts(said("set up the project"), edit("t1", "/repo/.gitignore"), wrote("Done."), *parts)
    assert [d for d in drafts if d.category is Category.DECISION] == []


def test_a_failure_then_the_same_call_in_another_form_passing_teaches_the_form() -> None:
    [learning] = _drafts(
        said("is issue 497 caused by the plugin?"),
        bash("t1", "gh issue view 497", "error: your authentication token is missing required scopes "
             "[read:project]", error=True),
        bash("t2", "gh issue view 497 --json title,body", '{"title": "IME"}'),
    )
    assert learning.content.startswith("`gh issue view 497` failed here (error: your authentication token is "
                                       "missing required scopes [read:project]); the form that worked: "
                                       "`gh issue view 497 --json title,body`")


def test_a_check_run_on_other_files_is_not_another_form() -> None:
    drafts = _drafts(said("run the tests"), bash("t1", "pytest tests/test_a.py", FAILING, error=True),
                     bash("t2", "pytest tests/test_b.py", "3 passed"))
    assert [d for d in drafts if "form that worked" in d.content] == []


def test_a_bare_answer_after_an_interrupt_corrects_nothing() -> None:
    drafts = _drafts(calls("t1", "Bash", command="gh pr checkout 399"), _interrupt(), said("377"))
    assert [d for d in drafts if "correcting" in d.content] == []


def test_table_rows_and_offers_are_not_learnings() -> None:
    report = ("| Finding | Status |\n|---|---|\n| The same check runs in `cli.py` and again inside "
              "`recommend()`, it's duplicated | Confirmed |\n\n"
              "If you want, the duplicated check could later go in a general cleanup.")
    assert _drafts(said("review the fix"), edit("t1", "/src/cli.py"), wrote(report)) == []


def test_the_reason_then_so_ill_is_a_decision_carried_out_by_a_cd_script() -> None:
    """`cd repo; cp …` anchors to no command prefix, yet it changed something: the choice said
    before it was carried out, not a plan."""
    sentence = ("Entire's installed hooks are bare one-liners with no chaining — so I'll use Entire's own "
                "backup-and-chain mechanism: seed the hooks, then run `entire configure --force`.")
    [decision] = _drafts(said("wire the anti-co-author hooks back in"), wrote(sentence),
                         bash("t1", "cd /repo\ncp ~/.config/git/hooks/commit-msg .git/hooks/\n"
                                    "entire configure --force", "installed"))
    assert (decision.category, decision.content) == (Category.DECISION, sentence)


# --- what Claude saves to its own memory folder -----------------------------------------------

MEMORY_DIR = "/home/dev/.claude/projects/-home-dev-shop/memory"


@pytest.mark.parametrize("note", [f"{MEMORY_DIR}/no-trailer.md",  # and on Windows:
                                  "C:\\Users\\dev\\.claude\\projects\\C--work-shop\\memory\\no-trailer.md"])
def test_a_note_claude_writes_to_its_memory_folder_is_a_candidate_of_its_kind(note: str) -> None:
    [pref] = _drafts(
        said("why co-authored?"),
        calls("t1", "Write", file_path=note, content=(
            "---\nname: no-trailer\ndescription: No Co-Authored-By trailers in this repo\n"
            "metadata:\n  type: feedback\n---\n\nLeave the trailer out of commit messages.\n")),
        returns("t1", f"File created successfully at: {note}"),
    )
    assert pref.category is Category.PREFERENCE
    assert pref.content == ("Saved to memory: No Co-Authored-By trailers in this repo "
                            "Leave the trailer out of commit messages.")


def test_an_edit_of_the_memory_index_keeps_only_the_lines_it_adds() -> None:
    index = "# shop\n\n## Key lessons\n- Python 3.13 needs audioop-lts for pydub\n"
    [note] = _drafts(
        said("request a Copilot review. Make that standard in your workflow."),
        edit("t1", f"{MEMORY_DIR}/MEMORY.md", index,
             index + "- ALWAYS request a Copilot review right after create_pull_request\n"),
    )
    assert note.content == "Saved to memory: ALWAYS request a Copilot review right after create_pull_request"
    assert note.category is Category.PREFERENCE


@pytest.mark.parametrize(("path", "line", "category", "content"), [
    ("/repo/CLAUDE.md", "Run the app with python app.py", Category.LEARNING,
     "Added to CLAUDE.md: Run the app with python app.py"),
    ("C:\\work\\shop\\AGENTS.md", "- Never squash-merge a PR", Category.PREFERENCE,  # a rule
     "Added to AGENTS.md: Never squash-merge a PR"),
])
def test_what_an_edit_adds_to_the_agents_instructions_is_a_note_the_session_kept(
        path: str, line: str, category: Category, content: str) -> None:
    notes = "# Notes\n"
    [note] = _drafts(said("set up the project notes"), edit("t1", path, notes, f"{notes}\n{line}\n"))
    assert (note.category, note.content) == (category, content)


def test_an_edit_rewriting_what_claude_md_said_brings_an_overview_up_to_date_not_a_note() -> None:
    old = "## Stack\n- Next.js 14\n- Tailwind CSS v3\n"
    new = "## Stack\n- Next.js 15.5.2\n- Tailwind CSS v4\n"
    assert _drafts(said("update CLAUDE.md"), edit("t1", "/repo/CLAUDE.md", old, new)) == []


def test_a_claude_md_written_whole_is_an_overview_not_a_note() -> None:
    overview = "# CLAUDE.md\n\nThis file provides guidance to Claude Code.\n\n## Commands\n- python app.py\n"
    assert _drafts(said("/init"), calls("t1", "Write", file_path="/repo/CLAUDE.md", content=overview)) == []


def test_a_new_piece_of_work_asked_for_after_an_interrupt_corrects_nothing() -> None:
    assert _drafts(
        said("fix the partition options"), edit("t1", "/src/partitioned.rs"),
        calls("t2", "Bash", command="cargo check -p runtime"), returns("t2", REJECTED, error=True),
        _interrupt(),
        said("Make integration tests like tests/acceleration/by_cayenne.rs for the new accelerator."),
    ) == []


def test_code_pasted_after_an_interrupt_corrects_nothing() -> None:
    assert _drafts(
        calls("t1", "Bash", command="grep -r output_config vendor/"), _interrupt(),
        said("#[non_exhaustive]\n#[derive(Clone, PartialEq, Debug)]\npub struct JsonSchemaDefinition {\n"
             "    pub schema: String,\n    pub name: Option<String>,\n}"),
    ) == []


def test_an_interactive_copy_that_said_no_failed_though_it_exited_zero() -> None:
    said_no = ToolOutcome("t1", False, "overwrite .git/hooks/commit-msg? (y/n [n]) not overwritten", None)
    copied = ToolOutcome("t1", False, "", None)
    call = ToolCall("t1", "Bash", {"command": "cp ~/hooks/commit-msg .git/hooks/commit-msg"})
    assert (classify(call, said_no), classify(call, copied)) == (Outcome.FAILED, Outcome.SUCCESS)


def test_an_inline_script_claude_fixed_teaches_no_form() -> None:
    drafts = _drafts(
        said("lower the moment threshold"),
        bash("t1", "python - <<'PY'\nimport json\nprint(json.load(open('case.json'))['x'].replace(1, 2))\nPY",
             "Traceback (most recent call last):\nTypeError: replace() argument 2 must be str", error=True),
        bash("t2", "python - <<'PY'\nimport json\nprint(json.load(open('case.json'))['x'])\nPY", "7"),
    )
    assert [d for d in drafts if "form that worked" in d.content] == []


def test_a_form_the_person_asked_for_is_their_correction_not_claudes_finding() -> None:
    drafts = _drafts(
        said("commit the work"),
        bash("t1", "git add -A -- . ':!.entire/logs/entire.log'", "The following paths are ignored",
             error=True),
        calls("t2", "Bash", command="git restore --staged .entire"), returns("t2", REJECTED, error=True),
        _interrupt(),
        said("no don't leave anything out commit everything"),
        bash("t3", "git add -A", ""),
    )
    assert [d.category for d in drafts] == [Category.PREFERENCE]


def test_a_report_and_the_request_it_answers_are_redacted() -> None:
    account = ("Done the change: the client now reads password=hunter2hunter2 from the environment instead "
               "of the config file, which is committed to git and would leak it to everyone who clones the "
               "repository or reads its history.")  # at least MIN_REPORT_CHARS
    [learning] = _drafts(said("the db password=hunter2hunter2 is in config.py, move it"),
                         edit("t1", "/app/config.py"), wrote(account))
    assert "hunter2hunter2" not in learning.content + learning.context
    assert learning.content.startswith("Done: Done the change: the client now reads password=[REDACTED:")


def test_an_account_keeps_the_cause_it_gives_after_a_long_list_of_steps() -> None:
    steps = " ".join(f"Step {n}: updated the workspace file and checked the output again." for n in range(20))
    late = "It turns out the lockfile pins vite-plus-core 0.2.4, which still declares the old peer range."
    [account] = _drafts(said("drop the override"), edit("t1", "/package.json"), wrote(f"{steps} {late}"))
    assert account.content.startswith("Done: ") and late in account.content
