"""Session start (one renderer, the stores asked every time) loads only what its briefing needs
(issue 13): logging waits for a line to be written, and a line written on the way still reaches
the data home's log file, never stderr."""

import json
import sqlite3
from pathlib import Path

import pytest

from tests.e2e.hook_driver import context_of
from tests.e2e.test_start_up_imports import imported_by, loaded, project_with_a_memory

pytestmark = pytest.mark.e2e

START = {"session_id": "s-live", "hook_event_name": "SessionStart", "source": "startup"}


def test_a_live_session_start_briefs_without_the_heavy_libraries(tmp_path: Path) -> None:
    cc = project_with_a_memory(tmp_path)
    modules, out = imported_by(cc, ["hook", "session-start"], json.dumps({"cwd": str(cc.project), **START}))
    assert "staging cluster" in json.loads(out)["hookSpecificOutput"]["additionalContext"]
    assert loaded(modules, "abzu.application.sessions.inject_session_start") != set()  # the live path ran
    assert loaded(modules, "pydantic", "returns", "sqlalchemy", "dependency_injector") == set()


def test_a_live_session_start_that_logs_nothing_loads_no_logging_nor_classes_it_never_builds(
    tmp_path: Path,
) -> None:
    """Each frozen dataclass costs the start ~1 ms to generate, `logging` ~5-8 ms (hot hooks,
    docs/benchmarks.md): a module imported for one name brings every class of that module."""
    cc = project_with_a_memory(tmp_path)
    modules, out = imported_by(cc, ["hook", "session-start"], json.dumps({"cwd": str(cc.project), **START}))
    assert "staging cluster" in json.loads(out)["hookSpecificOutput"]["additionalContext"]
    assert loaded(modules, "logging", "abzu.entrypoints.logs") == set()
    # once imported for ReviewCadence, token_set, stale_weight, SessionEvent and profile_lines
    assert loaded(modules, "abzu.domain.review.spend", "abzu.domain.dedup", "abzu.domain.anchors",
                  "abzu.domain.sessions.record", "abzu.domain.enki.profile") == set()
    # classes built only for an open loop, a change to list, a crashed sibling, the journal's ingestion
    assert loaded(modules, "abzu.domain.sessions.open_loop", "abzu.domain.sessions.delta_event",
                  "abzu.domain.sessions.crashed", "abzu.application.sessions.spool_ports") == set()


def test_a_live_session_start_names_its_files_without_pathlib(tmp_path: Path) -> None:
    """`pathlib` brings urllib.parse, ipaddress, ntpath and fnmatch: ~19 M instructions, half the
    interpreter's start (docs/benchmarks.md, start2). The persona's profile lines are read on the
    session context's connection (no second, URI-quoted, connection to wisdom.db)."""
    cc = project_with_a_memory(tmp_path)
    (cc.home / "persona.md").write_text("You are Enki.\n", encoding="utf-8")
    modules, out = imported_by(cc, ["hook", "session-start"], json.dumps({"cwd": str(cc.project), **START}))
    text = json.loads(out)["hookSpecificOutput"]["additionalContext"]
    assert "staging cluster" in text and "You are Enki." in text
    assert loaded(modules, "pathlib", "urllib", "abzu.entrypoints.data_home",
                  "abzu.adapters.enki.read_only") == set()


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

