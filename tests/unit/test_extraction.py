"""Heuristic extraction over synthetic records: errors, fixes, tasks, decisions, summaries."""

import pytest

from abzu.domain.category import Category
from abzu.domain.extraction import fixes as extraction_fixes
from abzu.domain.extraction import render as extraction_render
from abzu.domain.extraction import signals as extraction_signals
from abzu.domain.extraction import state as extraction_state
from abzu.domain.extraction.heuristics import CandidateDraft, digest
from abzu.domain.extraction.state import CAP
from abzu.domain.extraction.transcript import TranscriptRecord
from abzu.domain.redaction import Finding, Redacted
from tests.unit.records import bash, calls, edit, returns, said, todos, wrote

PYTEST = "pytest -q tests/test_api.py"
TRACEBACK = 'Traceback (most recent call last):\n  File "api.py", line 3\nKeyError: \'user\''


def _flat(*parts: TranscriptRecord | list[TranscriptRecord]) -> list[TranscriptRecord]:
    return [r for p in parts for r in (p if isinstance(p, list) else [p])]


def test_a_failing_command_then_an_edit_then_a_pass_is_a_fix() -> None:
    found = digest(_flat(
        bash("t1", PYTEST, "E   KeyError: 'user'\n1 failed, 3 passed", error=True),
        edit("t2", "/src/api/api.py", "row['user']", "row.get('user')"),
        bash("t3", PYTEST, "4 passed"),
    ))
    [fix] = found.fixes
    assert fix.target == PYTEST
    assert "KeyError: 'user'" in fix.error
    assert fix.change == "edited /src/api/api.py: \"row['user']\" → \"row.get('user')\""
    assert fix.files == ("/src/api/api.py",)
    assert found.unresolved_errors == ()
    [draft] = found.candidate_drafts()
    assert draft.category is Category.FIX and draft.summary == f"Fix: {PYTEST}"
    assert "Fixed by: edited /src/api/api.py" in draft.content
    # Anchors (issue 16): the files it changed, the prefix of the command whose re-run proved it.
    assert (draft.files, draft.commands) == (("/src/api/api.py",), ("pytest",))


def test_a_command_that_passes_on_a_plain_retry_fixed_nothing() -> None:
    found = digest(_flat(
        bash("t1", "make test", "Exit code 2\nflaky", error=True), bash("t2", "make test", "ok")
    ))
    assert found.fixes == ()
    assert found.errors == ("Bash `make test`: Exit code 2 | flaky",)
    assert found.unresolved_errors == ()


def test_failures_in_output_count_even_when_not_flagged() -> None:
    found = digest(_flat(
        bash("t1", "python api.py", TRACEBACK),
        bash("t2", "npx tsc", "src/a.ts(1,1): error TS2307: Cannot find module 'x'"),
        bash("t3", "ls", "api.py\nerror_log.txt"),
    ))
    assert [e.split(":")[0] for e in found.errors] == ["Bash `python api.py`", "Bash `npx tsc`"]
    assert "KeyError: 'user'" in found.errors[0]


@pytest.mark.parametrize("message", [
    "Claude requested permissions to write to /src/a.py, but you haven't granted it yet.",
    "Permission to use Bash with command rm -rf / has been denied.",
    "The user doesn't want to proceed with this tool use. The tool use was rejected.",
    "[Request interrupted by user for tool use]",
])
def test_denials_rejections_and_interrupts_are_not_errors(message: str) -> None:
    write = calls("t1", "Write", file_path="/src/a.py", content="x")
    found = digest([write, returns("t1", message, error=True)])
    assert (found.errors, found.files_modified, found.unresolved_errors) == ((), (), ())


def test_claude_code_refusing_a_call_is_an_error_but_never_a_candidate() -> None:
    reason = "File has not been read yet. Read it first before writing to it."
    refused = f"<tool_use_error>{reason}</tool_use_error>"
    found = digest(_flat(
        edit("t1", "/src/a.py", error=refused),
        calls("t2", "Read", file_path="/src/a.py"), returns("t2", "1→a"),
        edit("t3", "/src/a.py"),
    ))
    assert found.errors == (f"Edit /src/a.py: {reason}",)
    [fix] = found.fixes
    assert fix.tool_misuse and fix.fix_uuid != fix.error_uuid
    assert found.candidate_drafts() == ()
    assert found.unresolved_errors == ()
    assert "Fixed" not in found.operational_state()


def test_files_modified_come_from_edit_tools_and_tool_results_not_reads() -> None:
    found = digest(_flat(
        edit("t1", "/src/a.py"),
        calls("t2", "Write", file_path="/src/b.py", content="x"), returns("t2", "created", path="/src/b.py"),
        calls("t3", "MultiEdit", file_path="/src/c.py", edits=[]), returns("t3", "applied"),
        calls("t4", "NotebookEdit", notebook_path="/src/d.ipynb", new_source="x"), returns("t4", "ok"),
        calls("t5", "Read", file_path="/src/e.py"), returns("t5", "1→x"),
        returns("t-earlier-chunk", "The file /src/f.py has been updated.", path="/src/f.py"),
        edit("t1", "/src/a.py"),
    ))
    assert found.files_modified == ("/src/b.py", "/src/c.py", "/src/d.ipynb", "/src/f.py", "/src/a.py")


def test_tasks_count_once_when_they_become_completed() -> None:
    found = digest([
        todos("t1", ("Write parser", "pending"), ("Add tests", "pending")),
        todos("t2", ("Write parser", "in_progress"), ("Add tests", "pending")),
        todos("t3", ("Write parser", "completed"), ("Add tests", "in_progress")),
        todos("t4", ("Write parser", "completed"), ("Add tests", "completed")),
        todos("t5", ("Write parser", "completed"), ("Add tests", "completed")),
    ])
    assert found.tasks_completed == ("Write parser", "Add tests")


def test_tasks_of_the_task_tools_count_when_updated_to_completed() -> None:
    found = digest([
        calls("c1", "TaskCreate", subject="Migrate the schema", description="s0003"),
        returns("c1", "Task #1 created successfully: Migrate the schema"),
        calls("c2", "TaskCreate", subject="Wire the hook", description="x"),
        returns("c2", "Task #2 created successfully: Wire the hook"),
        calls("u1", "TaskUpdate", taskId="2", status="in_progress"),
        calls("u2", "TaskUpdate", taskId="1", status="completed"),
        calls("u3", "TaskUpdate", taskId="7", status="completed"),
    ])
    assert found.tasks_completed == ("Migrate the schema", "task #7")


def test_decisions_are_choices_stated_by_claude() -> None:
    found = digest([
        wrote("I'll help you with that. I'll use SQLAlchemy Core instead of the ORM, since rows map "
              "to frozen dataclasses."),
        wrote("I can see that the app uses `title` instead of `text`."),
        wrote("Should we switch to pnpm instead of npm?"),
        wrote("```python\n# decided: instead of x\n```\n"
              "We switched to uv for installs after the lock issue."),
        wrote("I'll use SQLAlchemy Core instead of the ORM, since rows map to frozen dataclasses."),
        *edit("t1", "/src/db.py"),  # the exchange acted on them
        said("We decided to drop Python 3.10, instead of keeping shims."),
    ])
    assert [d.text for d in found.decisions] == [
        "I'll use SQLAlchemy Core instead of the ORM, since rows map to frozen dataclasses.",
        "We switched to uv for installs after the lock issue.",
    ]
    assert [d.category for d in found.candidate_drafts()] == [Category.DECISION, Category.DECISION]


def test_api_error_messages_are_not_mined() -> None:
    found = digest([wrote("API Error: we decided to retry instead of failing", is_api_error=True)])
    assert found.decisions == ()


def test_subagent_prompts_are_never_the_users_words_but_their_work_counts() -> None:
    found = digest(_flat(
        said("add rate limiting"),
        said("Examine the middleware and add a limiter", is_sidechain=True),
        bash("t1", "pytest", "1 failed", error=True),
        edit("t2", "/src/limit.py"),
        bash("t3", "pytest", "ok"),
    ))
    assert found.last_user_ask == "add rate limiting"
    assert [f.target for f in found.fixes] == ["pytest"]


def test_the_latest_compact_summary_is_kept_without_its_preamble() -> None:
    preamble = ("This session is being continued from a previous conversation that ran out of context. "
                "The conversation is summarized below:\n")
    found = digest([
        said(preamble + "Summary: first", is_compact_summary=True),
        said(preamble + "Summary: second, parser done", is_compact_summary=True),
    ])
    assert found.compact_summary == "Summary: second, parser done"
    assert found.last_user_ask is None


def test_operational_state_is_bounded_and_shows_the_most_recent() -> None:
    records = [r for i in range(400) for r in edit(f"e{i}", f"/src/module_{i}.py")]
    records += [
        r for i in range(300) for r in bash(f"b{i}", f"make target{i}", f"Exit code 1\nfail {i}", error=True)
    ]
    state = digest(records).operational_state()
    assert len(state) <= extraction_render.MAX_OPERATIONAL_CHARS
    assert "/src/module_399.py" in state and "Files modified (400)" in state
    assert "make target299" in state and "make target0`" not in state


def test_collections_stay_bounded_on_an_endless_stream() -> None:
    stream = (r for i in range(CAP + 500) for r in edit(f"e{i}", f"/src/m{i}.py"))
    found = digest(stream)
    assert len(found.files_modified) == CAP
    assert found.files_modified[-1] == f"/src/m{CAP + 499}.py"


def test_every_text_that_leaves_the_digest_is_redacted(monkeypatch: pytest.MonkeyPatch) -> None:
    def fake_redact(text: str) -> Redacted:
        findings = (Finding("test", 0, 0),) if "hunter2" in text else ()
        return Redacted(text.replace("hunter2", "[REDACTED:test:0000]"), findings)

    for module in (extraction_render, extraction_state, extraction_fixes, extraction_signals):
        monkeypatch.setattr(module, "redact", fake_redact)
    found = digest(_flat(
        wrote("I'll use the password hunter2 instead of the token."),
        bash("t1", "curl -u admin:hunter2 api", "Exit code 7\nauth failed for hunter2", error=True),
        edit("t2", "/src/cfg.py", "hunter2", "env"),
        bash("t3", "curl -u admin:hunter2 api", "ok"),
    ))
    texts = [d.content + d.summary for d in found.candidate_drafts()]
    texts += [found.operational_state(), *found.errors, *(d.text for d in found.decisions)]
    texts += [f.target + f.change for f in found.fixes]
    assert len(found.candidate_drafts()) == 2
    assert all("hunter2" not in t and "[REDACTED:test:0000]" in t for t in texts)


def test_draft_kind_is_stable_per_content() -> None:
    def drafts(text: str) -> tuple[CandidateDraft, ...]:
        return digest([wrote(text), *edit("t1", "/src/db.py")]).candidate_drafts()

    first = drafts("We'll go with Postgres instead of MySQL.")
    again = drafts("We'll go with Postgres instead of MySQL.")
    other = drafts("We'll go with MySQL instead of Postgres.")
    assert first[0].kind == again[0].kind != other[0].kind
    assert first[0].kind.startswith("decision:")
