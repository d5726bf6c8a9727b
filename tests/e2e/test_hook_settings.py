"""The hooks read their settings through setting_fields.py, as Settings does (issue 31.4): a
config file value reaches the briefing, and a value Settings would refuse leaves the session
start on the defaults with one log line, never without a briefing or with a word on stderr."""

from pathlib import Path

import pytest

from tests.e2e.hook_driver import context_of
from tests.e2e.test_start_up_imports import project_with_a_memory

pytestmark = pytest.mark.e2e

START = {"session_id": "s-settings", "hook_event_name": "SessionStart", "source": "startup"}


def test_a_refused_setting_still_briefs_on_the_defaults(tmp_path: Path) -> None:
    cc = project_with_a_memory(tmp_path)
    cc.env["ABZU_RELEVANCE_FLOOR"] = "very high"
    done = cc.hook("session-start", {**START, "cwd": str(cc.project)})
    assert (done.returncode, done.stderr) == (0, "")
    assert "staging cluster" in context_of(done)
    [line] = [ln for ln in cc.log().splitlines() if "settings ignored" in ln]
    assert "relevance_floor: Input should be a valid float" in line


def test_a_broken_config_file_still_briefs_on_the_defaults(tmp_path: Path) -> None:
    cc = project_with_a_memory(tmp_path)
    (cc.home / "config.toml").write_text("review_mini_days = [\n", encoding="utf-8")
    done = cc.hook("session-start", {**START, "cwd": str(cc.project)})
    assert (done.returncode, done.stderr) == (0, "")
    assert "staging cluster" in context_of(done)
    assert "settings ignored" in cc.log() and "config.toml" in cc.log()
