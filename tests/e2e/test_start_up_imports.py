"""The start-up regression guard (issue 13): each front door, run as Claude Code and a user run
it (a new process through the launcher), still does its job and does not load what it does not
need. A module named here coming back on a path is the kind of change that slowly adds tens of
milliseconds to every session and every command."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.e2e.hook_driver import ClaudeCode, eventually

pytestmark = pytest.mark.e2e


def imported_by(cc: ClaudeCode, args: list[str], stdin: str = "") -> tuple[set[str], str]:
    probe = subprocess.run([sys.executable, "-X", "importtime", "-m", "abzu.entrypoints.launcher", *args],
                           input=stdin, capture_output=True, text=True, cwd=cc.project, env=cc.env,
                           timeout=60, check=False)
    assert probe.returncode == 0, probe.stderr[-800:]
    modules = {line.split("|")[-1].strip() for line in probe.stderr.splitlines() if "|" in line}
    return modules, probe.stdout


def loaded(modules: set[str], *prefixes: str) -> set[str]:
    return {m for m in modules if m in prefixes or m.startswith(tuple(f"{p}." for p in prefixes))}


def test_recall_and_remember_load_neither_review_nor_session_modules(tmp_path: Path) -> None:
    cc = ClaudeCode.at(tmp_path)
    # the first command creates the stores (migrations); the ones measured find them at head
    assert cc.cli("remember", "Releases are tagged from main", "-c", "decision").returncode == 0
    stored, out = imported_by(cc, ["remember", "Pin the sqlite version in CI", "-c", "decision", "--json"])
    assert json.loads(out)["outcome"] == "stored"
    found, out = imported_by(cc, ["recall", "sqlite"])
    assert "Pin the sqlite version in CI" in out
    for modules in (stored, found):
        assert loaded(modules, "abzu.application.review", "abzu.domain.review.model",
                      "abzu.application.sessions", "abzu.adapters.spool", "returns.pipeline",
                      "tomllib") == set()
    # one parser (typer's) reads the command line; no SQLAlchemy for a store already at head
    for modules in (stored, found):
        assert loaded(modules, "argparse", "sqlalchemy", "dependency_injector", "alembic") == set()
    # recall does not keep memories a busy store refused (only remember writes)
    assert loaded(found, "abzu.adapters.sqlite.pending_writes") == set()
    # recall's table needs no pydantic: neither to parse the command line (typer < 0.29) nor to
    # show the results (plain dataclass views); nor the writer's use case, nor `returns`
    assert loaded(found, "pydantic", "pydantic_core", "abzu.application.remember", "returns") == set()


def test_the_journaling_hooks_journal_without_logging_typing_or_subprocess(tmp_path: Path) -> None:
    cc = ClaudeCode.at(tmp_path)
    for event, name in (("stop", "Stop"), ("session-end", "SessionEnd")):
        payload = json.dumps({"session_id": f"s-{event}", "cwd": str(cc.project), "hook_event_name": name})
        modules, out = imported_by(cc, ["hook", event], payload)
        assert out == ""
        assert loaded(modules, "logging", "typing", "subprocess", "abzu.application") == set(), event
        # nor pathlib (urllib.parse, ipaddress, ntpath) or datetime: ~8 ms of a ~30 ms run
        assert loaded(modules, "pathlib", "datetime", "urllib", "abzu.entrypoints.data_home") == set(), event
        if event == "stop":  # journaled at once (nothing runs in the background after a Stop)
            assert any("s-stop" in p.read_text(encoding="utf-8") for p in (cc.home / "spool").rglob("*")
                       if p.is_file())
    # PreCompact only marks the snapshot as pending and starts it: no logging or pathlib unless
    # it fails, and no dataclasses (with inspect): its payload is a NamedTuple (typing is a third
    # of dataclasses' import, docs/benchmarks.md, hot hooks)
    payload = json.dumps({"session_id": "s-compact", "cwd": str(cc.project), "hook_event_name": "PreCompact"})
    modules, out = imported_by(cc, ["hook", "pre-compact"], payload)
    assert out == "" and (cc.home / "pending" / "s-compact.pre-compact").exists()
    assert loaded(modules, "logging", "pathlib", "dataclasses", "inspect", "abzu.application") == set()
    # SessionEnd's detached finalisation (started without subprocess) still runs and lands
    eventually(lambda: cc.query("SELECT 1 FROM sessions WHERE session_id = ?", "s-session-end") != [])


def test_a_broken_journaling_payload_is_still_one_log_line(tmp_path: Path) -> None:
    cc = ClaudeCode.at(tmp_path)
    done = cc.hook("stop", {"hook_event_name": "Stop", "session_id": "../../etc"})
    assert done.returncode == 0 and done.stdout == ""
    [line] = cc.log().splitlines()
    assert "hook stop failed" in line and "Traceback" not in cc.log()


def project_with_a_memory(tmp_path: Path) -> ClaudeCode:
    """A project with a goal and one decision remembered, and no session ended yet (no pack)."""
    cc = ClaudeCode.at(tmp_path)
    (cc.project / ".enki").mkdir()
    (cc.project / ".enki" / "goal").write_text("Move deploys to the staging cluster\n", encoding="utf-8")
    note = cc.cli("remember", "Deploys go through the staging cluster first", "-c", "decision")
    assert note.returncode == 0
    return cc


def test_session_start_briefs_without_returns_or_subprocess(tmp_path: Path) -> None:
    cc = project_with_a_memory(tmp_path)
    payload = json.dumps({"session_id": "s-start", "cwd": str(cc.project), "hook_event_name": "SessionStart",
                          "source": "startup"})
    modules, out = imported_by(cc, ["hook", "session-start"], payload)
    assert "staging cluster" in json.loads(out)["hookSpecificOutput"]["additionalContext"]
    assert loaded(modules, "returns", "subprocess", "abzu.domain.errors") == set()


def test_session_start_after_a_finished_session_loads_no_write_side(tmp_path: Path) -> None:
    """The common start: the last session ended and was finalised; the next start briefs the
    project through the one renderer, reading the stores without loading the write side (ports,
    bead types, hashing), SQLAlchemy or pydantic (issue 31.5)."""
    cc = project_with_a_memory(tmp_path)
    for event, name in (("session-start", "SessionStart"), ("session-end", "SessionEnd")):
        cc.hook(event, {"session_id": "s-first", "cwd": str(cc.project), "hook_event_name": name})
    eventually(lambda: cc.query("SELECT 1 FROM sessions WHERE session_id = ? AND finalized_at IS NOT NULL",
                                "s-first") != [])
    payload = json.dumps({"session_id": "s-next", "cwd": str(cc.project), "hook_event_name": "SessionStart",
                          "source": "startup"})
    modules, out = imported_by(cc, ["hook", "session-start"], payload)
    briefing = json.loads(out)["hookSpecificOutput"]["additionalContext"]
    assert "staging cluster" in briefing
    assert loaded(modules, "abzu.application.ports", "abzu.domain.bead", "hashlib", "sqlalchemy",
                  "pydantic", "pydantic_settings", "dependency_injector") == set()
