"""The structural capture signals (issue 30.2) through the real JSONL reader, on a real Claude
Code transcript (shared/fixtures/claude-jsonl), and on a copy of it the user then corrects."""

import json
from pathlib import Path

import pytest

from abzu.adapters.jsonl.transcript_reader import JsonlTranscriptReader
from abzu.domain.category import Category
from abzu.domain.extraction.heuristics import SessionDigest, digest
from tests.transcript_lines import assistant, call, result, text, user

VIEWER = Path("/work/shared/fixtures/claude-jsonl/claude-code-viewer")
TODO_APP = VIEWER / "fe5e1c67-53e7-4862-81ae-d0e013e3270b.jsonl"
DEMO = "/path/to/Demo/todo-app"
REJECTED = ("The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it "
            "was a file edit, the new_string was NOT written to the file).")

pytestmark = pytest.mark.skipif(not TODO_APP.exists(), reason="real transcripts not available")


def _digest(path: Path) -> SessionDigest:
    chunk = JsonlTranscriptReader().read(str(path), 0)
    assert chunk.format_recognised
    return digest(chunk.records)


def test_a_fix_in_code_the_session_itself_wrote_is_churn_not_a_candidate() -> None:
    found = _digest(TODO_APP)
    [tsc] = [f for f in found.fixes if f.target.endswith("npx tsc --noEmit --skipLibCheck")]
    assert tsc.files == (f"{DEMO}/src/hooks/useTodos.test.ts",)  # written by this session, then fixed
    assert "Fixed (" in found.operational_state()  # the summary keeps it
    assert [d for d in found.candidate_drafts() if d.category is Category.FIX] == []


def test_a_failing_command_fixed_in_a_file_the_session_did_not_create_is_staged(tmp_path: Path) -> None:
    failing = "FAIL src/app/page.test.tsx\n  ● renders the title\n    TypeError: fetchTodos is not a function"
    lines = [
        user("the page test fails"),
        call("toolu_t1", "Bash", command="cd /path/to/Demo/todo-app && npm test"),
        result("toolu_t1", f"Exit code 1\n{failing}", is_error=True),
        assistant(text("The test fails because page.tsx imports fetchTodos from the old module.")),
        call("toolu_e1", "Edit", file_path=f"{DEMO}/src/app/page.tsx", old_string="'./old'",
             new_string="'./api'"),
        result("toolu_e1", f"The file {DEMO}/src/app/page.tsx has been updated."),
        call("toolu_t2", "Bash", command="cd /path/to/Demo/todo-app && npm test"),
        result("toolu_t2", "Tests: 3 passed, 3 total"),
    ]
    path = tmp_path / "fixed.jsonl"
    path.write_bytes(TODO_APP.read_bytes() + "".join(json.dumps(line) + "\n" for line in lines).encode())
    [fix] = [d for d in _digest(path).candidate_drafts() if d.category is Category.FIX]
    assert "TypeError: fetchTodos is not a function" in fix.content
    assert "Cause: The test fails because page.tsx imports fetchTodos from the old module." in fix.content
    assert f"Files changed: {DEMO}/src/app/page.tsx" in fix.content
    assert fix.commands == ("npm test",)


def test_a_rejected_call_and_the_users_way_after_a_real_session_are_a_preference(tmp_path: Path) -> None:
    lines = [
        call("toolu_rej", "Bash", command="npm install --save-dev jest"),
        result("toolu_rej", REJECTED, is_error=True),
        user([text("[Request interrupted by user for tool use]")]),
        user("no jest here: this project tests with vitest, always"),
    ]
    path = tmp_path / "corrected.jsonl"
    path.write_bytes(TODO_APP.read_bytes() + "".join(json.dumps(line) + "\n" for line in lines).encode())
    [pref] = [d for d in _digest(path).candidate_drafts() if d.category is Category.PREFERENCE]
    assert pref.content == ("no jest here: this project tests with vitest, always "
                            "(the user, correcting Claude's Bash `npm install --save-dev jest`)")


def test_the_reader_keeps_what_the_person_chose_when_claude_asked(tmp_path: Path) -> None:
    options = [{"label": "Vitest", "description": "fast"}, {"label": "Jest", "description": "known"}]
    answered = ('Your questions have been answered: "Which test runner should the app use?"="Vitest". '
                "You can now continue with these answers in mind.")
    lines = [
        user("add unit tests"),
        call("toolu_ask", "AskUserQuestion", questions=[
            {"question": "Which test runner should the app use?", "header": "Runner", "multiSelect": False,
             "options": options}]),
        result("toolu_ask", answered),
        call("toolu_cfg", "Write", file_path=f"{DEMO}/vitest.config.ts", content="export default {}"),
        result("toolu_cfg", "File created successfully"),
    ]
    path = tmp_path / "asked.jsonl"
    path.write_bytes(TODO_APP.read_bytes() + "".join(json.dumps(line) + "\n" for line in lines).encode())
    decisions = [d.content for d in _digest(path).candidate_drafts() if d.category is Category.DECISION]
    assert 'Which test runner should the app use? — the user chose "Vitest" over "Jest".' in decisions
