"""Reader + heuristics over every real Claude Code transcript in shared/fixtures/claude-jsonl
(SOURCES.md there says what each one exercises)."""

from pathlib import Path

import pytest

from abzu.adapters.jsonl.transcript_reader import JsonlTranscriptReader
from abzu.domain.category import Category
from abzu.domain.extraction.heuristics import SessionDigest, digest
from abzu.domain.extraction.transcript import TranscriptRecord

FIXTURES = Path("/work/shared/fixtures/claude-jsonl")
ALL = sorted(FIXTURES.glob("*/*.jsonl"))
VIEWER = FIXTURES / "claude-code-viewer"
DEMO = "/path/to/Demo"

pytestmark = pytest.mark.skipif(not ALL, reason="real transcripts not available")


def _records(path: Path) -> tuple[TranscriptRecord, ...]:
    chunk = JsonlTranscriptReader().read(str(path), 0)
    assert chunk.format_recognised
    return chunk.records


def _digest(path: Path) -> SessionDigest:
    return digest(_records(path))


@pytest.mark.parametrize("path", ALL, ids=[p.name[:12] for p in ALL])
def test_every_fixture_is_read_whole_without_skips_or_injected_text(path: Path) -> None:
    chunk = JsonlTranscriptReader().read(str(path), 0)
    assert chunk.format_recognised
    assert (chunk.skipped_corrupt, chunk.skipped_unknown, chunk.skipped_shape) == (0, 0, 0)
    assert chunk.end_offset == path.stat().st_size
    assert chunk.lines_read == len(path.read_bytes().splitlines())
    for record in chunk.records:
        assert "<command-name>" not in record.text and "<system-reminder>" not in record.text
        assert "<local-command-stdout>" not in record.text
        assert not (record.is_sidechain and record.is_human)


def test_compaction_gives_the_summary_without_its_preamble() -> None:
    found = _digest(FIXTURES / "agentlogs" / "compact.jsonl")
    records = _records(FIXTURES / "agentlogs" / "compact.jsonl")
    assert [r.subtype for r in records if r.kind == "system"] == ["compact_boundary"]
    assert found.compact_summary is not None
    assert found.compact_summary.startswith("Analysis:")
    assert 'User asked "how are you doing"' in found.compact_summary
    assert found.last_user_ask == "how are you doing"
    assert (found.files_modified, found.errors, found.candidate_drafts()) == ((), (), ())


def test_crud_session_modified_one_file_and_completed_its_four_tasks() -> None:
    found = _digest(FIXTURES / "agentlogs" / "crud.jsonl")
    assert found.files_modified == ("/Users/philipp/dev/vibeinsights/fixtures/claudecode/JOKE.md",)
    assert found.tasks_completed == (
        "Create JOKE.md file with a joke, title, and footer", "Read the JOKE.md file",
        "Make changes to the JOKE.md file", "Delete the JOKE.md file",
    )
    assert found.errors == ()
    assert found.last_user_ask is not None and found.last_user_ask.startswith("create a file `JOKE.md`")


def test_todo_session_completes_each_task_once() -> None:
    found = _digest(FIXTURES / "agentlogs" / "todos.jsonl")
    assert found.tasks_completed == ("Complete first task", "Complete second task", "Complete third task")
    assert found.files_modified == ()
    assert "Tasks completed (3):" in found.operational_state()


def test_a_permission_denial_is_neither_an_error_nor_a_modified_file() -> None:
    found = _digest(VIEWER / "1af7fc5e-8455-4414-9ccd-011d40f70b2a.jsonl")
    assert found.errors == ()
    assert found.files_modified == ()
    # The Write was denied, then the todo was ticked: the task is not reported as done.
    assert "Create CLAUDE.md with essential information" not in found.tasks_completed
    assert found.tasks_not_done == ("Create CLAUDE.md with essential information",)
    assert "Not done (a change was denied or failed) (1):\n- Create CLAUDE.md" in found.operational_state()
    assert found.last_user_ask is None  # only /init (no arguments) and its expanded meta prompt


def test_orchestrator_session_errors_sidechains_and_decision() -> None:
    found = _digest(VIEWER / "5c0375b4-57a5-4f26-b12d-d022ee4e51b7.jsonl")
    assert len(found.errors) == 3
    assert any(e.startswith("Task: InputValidationError") for e in found.errors)
    assert found.unresolved_errors == (
        "Bash `tree /path/to/Demo -I 'node_modules|.git' -L 3`: "
        "lsd: 3: No such file or directory (os error 2).",
    )
    assert found.files_modified == (f"{DEMO}/CLAUDE.md",)
    [fix] = found.fixes
    assert fix.tool_misuse and fix.target == f"{DEMO}/CLAUDE.md" and "(6 edits)" in fix.change
    assert [d.text for d in found.decisions] == [
        "Updated Next.js version - Using 15.5.2 instead of 14, with React 19.1.0"
    ]
    assert found.last_user_ask == "/orchestrator @CLAUDE.md を最新の状態にアップデートしてください"
    drafts = found.candidate_drafts()
    assert [d.category for d in drafts] == [Category.DECISION, Category.LEARNING]
    # What the subagents found out reaches the queue through Claude's account of the task, not as
    # sentences said in passing (half noise on others' sessions: docs/capture.md).
    assert drafts[-1].content.startswith("Done: CLAUDE.mdファイルを最新の状態に")
    assert "Tailwind CSS v4 (v3から更新)" in drafts[-1].content
    assert all(d.context.startswith("Request: ") for d in drafts)


def test_todo_app_session_pairs_the_failing_type_check_with_its_fix() -> None:
    found = _digest(VIEWER / "fe5e1c67-53e7-4862-81ae-d0e013e3270b.jsonl")
    tsc = "cd /path/to/Demo/todo-app && npx tsc --noEmit --skipLibCheck"
    [pair] = [f for f in found.fixes if f.target == tsc]
    assert "error TS2307: Cannot find module '@testing-library/react'" in pair.error
    assert pair.change.startswith(f"edited {DEMO}/todo-app/src/hooks/useTodos.test.ts (5 edits)")
    assert pair.files == (f"{DEMO}/todo-app/src/hooks/useTodos.test.ts",)
    assert not pair.tool_misuse
    # `ls` finding nothing is a look, not an error that a later change fixed.
    assert {f.target for f in found.fixes if not f.tool_misuse} == {tsc}


def test_todo_app_session_files_tasks_and_unresolved_build() -> None:
    found = _digest(VIEWER / "fe5e1c67-53e7-4862-81ae-d0e013e3270b.jsonl")
    assert len(found.files_modified) == 26
    expected = {f"{DEMO}/CLAUDE.md", f"{DEMO}/todo-app/src/app/page.tsx", f"{DEMO}/components/TodoItem.tsx"}
    assert expected <= set(found.files_modified)
    assert "Bash `npm run build`: > Build error occurred | [TypeError: generate is not a function]" in (
        found.unresolved_errors
    )
    assert "Create main page layout and integrate components" in found.tasks_completed
    assert found.last_user_ask == "Thanks! Please update CLAUDE.md for current changes"
    drafts = found.candidate_drafts()
    # "I notice there's a discrepancy in the types.", said right before Claude looked, is gone, and
    # the type-check fix repaired a test file this session wrote (churn: summary only).
    assert [d.category for d in drafts] == [Category.DECISION] + [Category.LEARNING] * 2
    assert drafts[0].content.startswith("I need to create a simpler useTodos hook that matches")
    assert all("File has not been read yet" not in d.content for d in drafts)
    retry, build = drafts[1].content, drafts[2].content
    assert retry.startswith("`npx create-next-app@latest` needed 4 attempts; the form that worked: "
                            "`yes \"\" |")
    assert build.startswith("Known problem, unresolved in the session (failed 4 times): "
                            "Bash `npm run build`")


@pytest.mark.parametrize("path", ALL, ids=[p.name[:12] for p in ALL])
def test_operational_state_stays_small(path: Path) -> None:
    assert len(_digest(path).operational_state()) <= 2_400
