"""Distillation through a stub `claude` that behaves like Claude Code (issue 29.1, issue 30.3):
it fires the user's hooks and writes its own transcript. One real SessionEnd is one distiller
call, never a chain; the child never becomes a session, a summary, a briefing, a missed
transcript or a back-filled one; what it answered is staged once, redacted; the daily cap holds."""

import json
from pathlib import Path

import pytest

from abzu.entrypoints.hooks.main import EVENTS
from tests.e2e.hook_driver import ABZU, FIXTURES, ClaudeCode, context_of, eventually
from tests.e2e.stub_claude import calls, write_stub

pytestmark = [pytest.mark.e2e, pytest.mark.slow]
REAL = FIXTURES / "claude-code-viewer" / "5c0375b4-57a5-4f26-b12d-d022ee4e51b7.jsonl"
SECRET = "sk_live_4eC39HqLyjWDarjtT1zdp7dc"
DECISION = ("The orchestrator keeps the React 19 upgrade because the old renderer leaked listeners "
            "on unmount.")
ANSWER = {"items": [
    {"category": "decision", "content": DECISION, "summary": "React 19 stays"},
    {"category": "fix", "content": f"Deploys failed until the script stopped hard-coding api_key = {SECRET}",
     "summary": "deploy key"},
]}
# Claude Code names each transcript after its session id, a UUID.
FIRST, NEXT = "0f1e2d3c-0000-4000-8000-000000000001", "0f1e2d3c-0000-4000-8000-000000000002"
OTHER_SESSIONS = ("11111111-1111-4111-8111-111111111111", "22222222-2222-4222-8222-222222222222")


@pytest.fixture
def cc(tmp_path: Path) -> ClaudeCode:
    cc = ClaudeCode.at(tmp_path)
    stub = write_stub(tmp_path / "bin", ABZU, ANSWER)
    projects = Path(cc.env["HOME"]) / ".claude" / "projects"  # where ClaudeCode.transcript writes
    cc.env.update(ABZU_DISTILLER="claude-code", ABZU_CLAUDE_EXECUTABLE=str(stub),
                  ABZU_CLAUDE_PROJECTS=str(projects), ABZU_DISTILL_DAILY_CAP="2")
    return cc


def distilled(cc: ClaudeCode, session: str) -> list[tuple[object, ...]]:
    return cc.query("SELECT status FROM extraction_log WHERE method = 'cc_distill' AND session_id = ?",
                    session)


def journaled(cc: ClaudeCode, session: str) -> bool:
    """A hook recorded `session`: a row of its own, or an entry waiting in the hook journal."""
    spool = cc.home / "spool"
    waiting = any(session in p.read_text(encoding="utf-8", errors="replace")
                  for p in spool.glob("*.json")) if spool.is_dir() else False
    return waiting or bool(cc.query("SELECT 1 FROM sessions WHERE session_id = ?", session))


def test_one_session_end_is_one_distillation_and_the_child_is_invisible(
    cc: ClaudeCode, tmp_path: Path
) -> None:
    path = cc.transcript(FIRST, REAL)
    base = {"session_id": FIRST, "transcript_path": str(path)}
    cc.hook("session-start", {**base, "hook_event_name": "SessionStart", "source": "startup"})
    end = cc.hook("session-end", {**base, "hook_event_name": "SessionEnd", "reason": "prompt_input_exit"})
    assert (end.returncode, end.stdout) == (0, "")
    eventually(lambda: len(distilled(cc, FIRST)) == 1)

    [call] = calls(tmp_path / "bin")
    child = call["session_id"]
    assert not journaled(cc, child)  # its hooks read, wrote and started nothing: no finalize, no chain
    assert call["mark"] == "1" and call["first_line"].startswith("You distill a finished Claude Code session")
    assert all((h["code"], h["stdout"], h["stderr"]) == (0, "", "") for h in call["hooks"])
    assert cc.query("SELECT status, child_session_id FROM extraction_log WHERE method = 'cc_distill'") \
        == [("ok", child)]  # one call, and its session id is on record
    assert "--session-id" in call["argv"] and '{"disableAllHooks": true}' in call["argv"]
    assert call["cwd"] == str(cc.home / "distill")  # its transcript lands away from the user's

    staged = cc.query("SELECT content FROM bead_candidates WHERE context = 'Distilled by claude-code' "
                      "AND session_id = ? ORDER BY content", FIRST)
    assert [c for (c,) in staged if c == DECISION] == [DECISION]
    [(fix,)] = [row for row in staged if row[0] != DECISION]
    assert SECRET not in fix and "[REDACTED" in fix

    beside = str(path.with_name(f"{NEXT}.jsonl"))
    nxt = cc.hook("session-start", {"session_id": NEXT, "hook_event_name": "SessionStart",
                                    "source": "startup", "transcript_path": beside})
    text = context_of(nxt)
    assert "Final summary of the previous session 0f1e2d3c" in text
    assert "You distill" not in text and "abzu-distill" not in text and child not in text

    projects = cc.env["ABZU_CLAUDE_PROJECTS"]
    assert json.loads(cc.cli("status", "--json").stdout)["sessions"]["missed"] == 0
    assert cc.cli("import-sessions", projects, "--check").stdout.startswith("missed: 0 of 2 ")
    assert cc.cli("recover", "--exclude", NEXT).returncode == 0
    for sid in OTHER_SESSIONS:  # two sessions no hook saw: one distilled, the next over the cap of 2
        cc.transcript(sid, REAL)
    imported = cc.cli("import-sessions", projects)
    assert "imported 2," in imported.stdout and "1 of Abzu's own distiller left alone" in imported.stdout

    assert len(calls(tmp_path / "bin")) == 2
    others = cc.query("SELECT status, detail FROM extraction_log WHERE method = 'cc_distill' "
                      "AND session_id IN (?, ?) ORDER BY status", *OTHER_SESSIONS)
    assert others == [("ok", "2 accepted, 0 refused"), ("skipped", "daily cap of 2 reached")]
    for table in ("sessions", "session_summaries", "bead_candidates"):
        assert not cc.query(f"SELECT 1 FROM {table} WHERE session_id = ?", child), table
    for name in ("ABZU_DISTILLER", "ABZU_DISTILL_DAILY_CAP", "ABZU_RECOVERY_IDLE_MINUTES"):
        del cc.env[name]  # the default, auto, with `claude` found; status takes its light path…
    light = json.loads(cc.cli("status", "--json").stdout)["sessions"]
    cc.env["ABZU_REVIEW_TIMEOUT_S"] = "60"  # …or, given a setting only Settings checks, the container's
    assert json.loads(cc.cli("status", "--json").stdout)["sessions"] == light
    assert (light["missed"], light["distillation"]) == (0, "on (claude-code)")


@pytest.mark.parametrize("event", list(EVENTS))
def test_every_hook_of_the_distiller_child_does_nothing(tmp_path: Path, event: str) -> None:
    cc = ClaudeCode.at(tmp_path)
    cc.env["ABZU_DISTILLER_CHILD"] = "1"
    path = cc.transcript(FIRST, REAL)
    edited = {"file_path": str(cc.project / "a.py")}
    payload = {"session_id": FIRST, "transcript_path": str(path), "hook_event_name": EVENTS[event],
               "source": "startup", "tool_name": "Edit", "tool_input": edited, "trigger": "auto",
               "reason": "other", "compact_summary": "We refactored the API."}
    done = cc.hook(event, payload)
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")
    assert not cc.home.exists()  # no journal, no log, no store, no process started
    assert not (cc.project / ".enki").exists()
