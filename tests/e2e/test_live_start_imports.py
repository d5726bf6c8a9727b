"""The live session start (no recall pack, or a stale one: the stores are asked) loads only what
its briefing needs (issue 13), and a line written on the way reaches the data home's log file,
never stderr."""

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from tests.e2e.hook_driver import context_of
from tests.e2e.test_start_up_imports import imported_by, loaded, project_with_a_memory

pytestmark = pytest.mark.e2e

START = {"session_id": "s-live", "hook_event_name": "SessionStart", "source": "startup"}
# What the live start imports of its own (the stores' search side is recall's, checked there)
OWN = ("abzu.entrypoints.hooks.session_start", "abzu.entrypoints.wiring.light",
       "abzu.application.sessions.inject_session_start", "abzu.adapters.project_files",
       "abzu.adapters.enki.profile_persona", "abzu.adapters.crashed_transcripts",
       "abzu.adapters.spool.file_spool", "abzu.adapters.clock")


def test_a_live_session_start_briefs_without_the_heavy_libraries(tmp_path: Path) -> None:
    cc = project_with_a_memory(tmp_path)  # no session has ended: there is no pack to read
    modules, out = imported_by(cc, ["hook", "session-start"], json.dumps({"cwd": str(cc.project), **START}))
    assert "staging cluster" in json.loads(out)["hookSpecificOutput"]["additionalContext"]
    assert loaded(modules, "abzu.application.sessions.inject_session_start") != set()  # the live path ran
    assert loaded(modules, "dataclasses", "inspect", "ast", "dis",
                  "pydantic", "returns") == set()


def test_the_live_start_s_own_modules_define_no_dataclass() -> None:
    """`@dataclass` compiles every class's methods at import and loads inspect, ast and dis."""
    code = f"import sys\nimport {', '.join(OWN)}\nprint('dataclasses' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                          check=False)
    assert (done.returncode, done.stdout.strip()) == (0, "False"), done.stderr[-800:]


def test_a_warning_on_the_live_path_reaches_the_log_file_not_stderr(tmp_path: Path) -> None:
    cc = project_with_a_memory(tmp_path)
    staging = cc.home / "abzu.db"  # sessions and summaries: replaced by a store without tables
    staging.unlink(missing_ok=True)
    with sqlite3.connect(staging) as conn:
        conn.execute("CREATE TABLE unrelated (x)")
    done = cc.hook("session-start", START)
    assert (done.returncode, done.stderr) == (0, "")
    assert "staging cluster" in context_of(done)  # the briefing still comes from wisdom.db
    assert "session context: staging read skipped" in cc.log()

