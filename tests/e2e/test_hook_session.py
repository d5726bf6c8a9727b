"""A Claude Code session driven only through `abzu hook …` subprocesses (issue 4 "done when")."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from abzu.domain.extraction.transcript import ABZU_CONTEXT_MARKER
from tests.e2e.hook_driver import FIXTURES, ClaudeCode, context_of, eventually
from tests.no_claude import NO_CLAUDE

pytestmark = [pytest.mark.e2e, pytest.mark.slow]
REAL = FIXTURES / "claude-code-viewer" / "5c0375b4-57a5-4f26-b12d-d022ee4e51b7.jsonl"
COMPACT_SUMMARY = ("We are refactoring the orchestrator. We decided to keep the React 19 upgrade. "
                   "Next step: update CLAUDE.md.")


def finalized(cc: ClaudeCode, session: str) -> list[tuple[object, ...]]:
    return cc.query("SELECT finalized_by FROM sessions WHERE session_id = ? AND finalized_at IS NOT NULL",
                    session)


def test_a_whole_session_is_carried_across_compaction_and_finalised(tmp_path: Path) -> None:
    cc = ClaudeCode.at(tmp_path)
    (cc.project / ".enki").mkdir()
    (cc.project / ".enki" / "goal").write_text("Refresh the orchestrator docs\n", encoding="utf-8")
    path = cc.transcript("sess-1", REAL, lines=30)
    base = {"session_id": "sess-1", "transcript_path": str(path)}

    start = cc.hook("session-start", {**base, "hook_event_name": "SessionStart", "source": "startup"})
    assert start.returncode == 0 and start.stderr == ""
    text = context_of(start)
    assert text.startswith(ABZU_CONTEXT_MARKER + "\n") and "Refresh the orchestrator docs" in text
    assert (cc.project / ".enki" / "SESSION_ID").read_text(encoding="utf-8") == "sess-1\n"
    # the start is journaled; the detached recovery finds nothing else to do and leaves it for the
    # next ingestion (issue 13.5: no container loaded at every start for nothing)
    assert any(p.suffix == ".json" for p in (cc.home / "spool").iterdir())

    pre = cc.hook("pre-compact", {**base, "hook_event_name": "PreCompact", "trigger": "auto",
                                  "custom_instructions": ""})
    assert (pre.returncode, pre.stdout) == (0, "")
    compacted = {**base, "hook_event_name": "SessionStart", "source": "compact"}
    after = context_of(cc.hook("session-start", compacted))
    assert "This session before compaction:" in after and "Snapshot 1 of this session" in after
    assert "Relevant memory" not in after
    # the snapshot was taken in the background; the post-compaction start waited for it
    assert cc.query("SELECT sequence FROM session_summaries WHERE session_id = 'sess-1'") == [(1,)]

    post = cc.hook("post-compact", {**base, "hook_event_name": "PostCompact", "trigger": "auto",
                                    "compact_summary": COMPACT_SUMMARY})
    assert (post.returncode, post.stdout) == (0, "")

    cc.transcript("sess-1", REAL)  # the conversation goes on, then Claude Code stops and exits
    assert cc.hook("stop", {**base, "hook_event_name": "Stop", "stop_hook_active": False,
                            "last_assistant_message": "Done."}).stdout == ""
    end = cc.hook("session-end", {**base, "hook_event_name": "SessionEnd", "reason": "prompt_input_exit"})
    assert (end.returncode, end.stdout) == (0, "")

    eventually(lambda: finalized(cc, "sess-1") == [("session_end",)])
    [(talk, notes)] = cc.query("SELECT conversational_state, operational_state FROM session_summaries "
                               "WHERE session_id = 'sess-1' AND is_final = 1")
    assert COMPACT_SUMMARY in talk and "Files modified" in notes
    assert cc.query("SELECT count(*) FROM session_summaries WHERE is_final = 0") == [(0,)]
    staged = cc.query("SELECT source, session_id FROM bead_candidates")
    assert staged and set(staged) == {("session_end", "sess-1")}
    status = json.loads(cc.cli("status", "--json").stdout)
    assert status["sessions"] == {"captured": 1, "recovered": 0, "pending": 0, "spooled": 0,
                                  "distilled": 0, "distill_failed": 0, "distill_skipped": 1,  # off
                                  "distillation": f"auto: {NO_CLAUDE} not found", "capped": 0, "missed": 0}
    assert cc.log() == ""

    nxt = context_of(cc.hook("session-start", {"session_id": "sess-2", "hook_event_name": "SessionStart",
                                               "source": "startup"}))
    assert "Final summary of the previous session sess-1" in nxt and COMPACT_SUMMARY in nxt


def test_a_crashed_session_is_recovered_at_the_next_start(tmp_path: Path) -> None:
    cc = ClaudeCode.at(tmp_path)
    path = cc.transcript("crashed", REAL, lines=35)
    base = {"session_id": "crashed", "transcript_path": str(path)}
    cc.hook("session-start", {**base, "hook_event_name": "SessionStart", "source": "startup"})
    cc.hook("pre-compact", {**base, "hook_event_name": "PreCompact", "trigger": "auto"})
    eventually(lambda: bool(cc.query("SELECT 1 FROM session_summaries WHERE session_id = 'crashed'")))
    cc.transcript("crashed", REAL)
    cc.hook("stop", {**base, "hook_event_name": "Stop"})  # …and then Claude Code is killed: no SessionEnd

    nxt = {"session_id": "next", "hook_event_name": "SessionStart", "source": "startup",
           "transcript_path": str(path.with_name("next.jsonl"))}
    start = cc.hook("session-start", nxt)
    text = context_of(start)
    assert "The previous session crashed ended without a final summary; its last snapshot" in text
    eventually(lambda: finalized(cc, "crashed") == [("recovery",)])
    assert cc.query("SELECT count(*) FROM bead_candidates WHERE session_id = 'crashed'")[0][0] >= 1
    assert not finalized(cc, "next")
    status = json.loads(cc.cli("status", "--json").stdout)["sessions"]
    assert (status["recovered"], status["pending"]) == (1, 1)


@pytest.mark.parametrize("event", ["session-start", "pre-compact", "post-compact", "stop", "session-end"])
def test_a_broken_payload_fails_open_with_one_log_line(tmp_path: Path, event: str) -> None:
    cc = ClaudeCode.at(tmp_path)
    done = cc.hook(event, "{this is not json")
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")
    [line] = cc.log().splitlines()
    assert f"hook {event} failed: " in line and ("ValidationError" in line or "JSONDecodeError" in line)


def test_a_session_id_that_could_escape_is_refused_before_anything_starts(tmp_path: Path) -> None:
    cc = ClaudeCode.at(tmp_path)
    done = cc.hook("session-end", {"session_id": "../../etc --all-projects", "hook_event_name": "SessionEnd"})
    assert (done.returncode, done.stdout) == (0, "")
    assert "no valid session_id" in cc.log()
    assert not (cc.home / "spool").exists()


def test_an_unusable_data_home_still_exits_zero_silently(tmp_path: Path) -> None:
    cc = ClaudeCode.at(tmp_path)
    cc.home.parent.mkdir(parents=True, exist_ok=True)
    cc.home.write_text("a file where the data home should be", encoding="utf-8")
    for event in ("session-start", "pre-compact", "session-end"):
        done = cc.hook(event, {"session_id": "s1", "hook_event_name": "", "source": "startup"})
        assert done.returncode == 0
        # Without a log file the one line goes to stderr (Claude Code's debug log), never a traceback.
        assert "Traceback" not in done.stderr and len(done.stderr.splitlines()) <= 2
        if event == "session-start":
            assert context_of(done).startswith(ABZU_CONTEXT_MARKER)
        else:
            assert done.stdout == ""


def test_the_latency_bound_hooks_import_no_heavy_frameworks(tmp_path: Path) -> None:
    cc = ClaudeCode.at(tmp_path)
    heavy = {"sqlalchemy", "sqlalchemy.orm", "mcp", "google.genai", "rich", "typer", "dependency_injector",
             "pydantic", "pydantic_core", "pydantic_settings", "alembic", "click"}
    edit = {"tool_name": "Edit", "tool_input": {"file_path": str(cc.project / "a.py")}}
    for event in ("session-start", "stop", "session-end", "pre-tool-use"):
        payload = {"session_id": "s1", "cwd": str(cc.project), **(edit if event == "pre-tool-use" else {})}
        probe = subprocess.run(
            [sys.executable, "-X", "importtime", "-m", "abzu.entrypoints.launcher", "hook", event],
            input=json.dumps(payload), capture_output=True, text=True,
            cwd=cc.project, env=cc.env, timeout=60, check=False,
        )
        assert probe.returncode == 0
        imported = {line.split("|")[-1].strip() for line in probe.stderr.splitlines() if "|" in line}
        # PreToolUse goes from the launcher to its own path (test_pre_tool_use_path.py checks it closely)
        entry = "pre_tool_use" if event == "pre-tool-use" else "main"
        assert f"abzu.entrypoints.hooks.{entry}" in imported
        assert imported & heavy == set(), event
