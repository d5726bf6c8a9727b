"""`abzu install | uninstall` on a temporary HOME: idempotent, backed up, exactly reversible."""

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.hook_driver import ABZU, ClaudeCode

pytestmark = pytest.mark.e2e
USER_SETTINGS: dict[str, Any] = {
    "model": "opus",
    "hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "guard.sh"}]}]},
}


def settings_file(cc: ClaudeCode) -> Path:
    return Path(cc.env["HOME"]) / ".claude" / "settings.json"


def read(path: Path) -> dict[str, Any]:
    loaded = json.loads(path.read_text(encoding="utf-8"))
    assert isinstance(loaded, dict)
    return loaded


def test_install_adds_every_hook_with_the_absolute_executable(tmp_path: Path) -> None:
    cc = ClaudeCode.at(tmp_path)
    done = cc.cli("install")
    assert done.returncode == 0, done.stderr
    hooks = read(settings_file(cc))["hooks"]
    assert set(hooks) == {"SessionStart", "PreCompact", "PostCompact", "Stop", "SessionEnd"}
    commands = [h["command"] for groups in hooks.values() for g in groups for h in g["hooks"]]
    assert all(c.startswith(f"{ABZU} hook ") for c in commands) and Path(ABZU).is_absolute()


def test_installing_twice_changes_nothing(tmp_path: Path) -> None:
    cc = ClaudeCode.at(tmp_path)
    cc.cli("install")
    before = settings_file(cc).read_bytes()
    again = cc.cli("install")
    assert again.returncode == 0 and "unchanged" in again.stdout
    assert settings_file(cc).read_bytes() == before
    assert list(settings_file(cc).parent.glob("settings.json.abzu-backup-*")) == []


def test_existing_settings_are_backed_up_and_restored_exactly_by_uninstall(tmp_path: Path) -> None:
    cc = ClaudeCode.at(tmp_path)
    settings_file(cc).parent.mkdir(parents=True)
    settings_file(cc).write_text(json.dumps(USER_SETTINGS), encoding="utf-8")
    cc.cli("install")
    [backup] = settings_file(cc).parent.glob("settings.json.abzu-backup-*")
    assert read(backup) == USER_SETTINGS
    assert read(settings_file(cc))["hooks"]["PreToolUse"] == USER_SETTINGS["hooks"]["PreToolUse"]
    done = cc.cli("uninstall")
    assert done.returncode == 0 and read(settings_file(cc)) == USER_SETTINGS


def test_the_installed_command_runs_as_claude_code_would_run_it(tmp_path: Path) -> None:
    cc = ClaudeCode.at(tmp_path)
    cc.cli("install")
    [group] = read(settings_file(cc))["hooks"]["SessionStart"]
    payload = json.dumps({"session_id": "s1", "cwd": str(cc.project), "hook_event_name": "SessionStart",
                          "source": "startup"})
    done = subprocess.run(group["hooks"][0]["command"], shell=True, input=payload, capture_output=True,
                          text=True, cwd=cc.project, env=cc.env, timeout=60, check=False)
    assert done.returncode == 0
    assert json.loads(done.stdout)["hookSpecificOutput"]["hookEventName"] == "SessionStart"


def test_project_scope_writes_the_repositorys_settings_and_mcp_file(tmp_path: Path) -> None:
    cc = ClaudeCode.at(tmp_path)
    done = cc.cli("install", "--scope", "project", "--mcp")
    assert done.returncode == 0, done.stderr
    assert "SessionEnd" in read(cc.project / ".claude" / "settings.json")["hooks"]
    assert read(cc.project / ".mcp.json")["mcpServers"]["abzu"] == {
        "type": "stdio", "command": ABZU, "args": ["mcp"], "env": {}}
    assert not settings_file(cc).exists()
    cc.cli("uninstall", "--scope", "project", "--mcp")
    assert read(cc.project / ".mcp.json") == {} and read(cc.project / ".claude" / "settings.json") == {}


def test_user_scope_mcp_goes_into_claude_json_beside_other_keys(tmp_path: Path) -> None:
    cc = ClaudeCode.at(tmp_path)
    claude_json = Path(cc.env["HOME"]) / ".claude.json"
    claude_json.parent.mkdir(parents=True, exist_ok=True)
    claude_json.write_text(json.dumps({"numStartups": 7, "mcpServers": {}}), encoding="utf-8")
    assert cc.cli("install", "--mcp").returncode == 0
    config = read(claude_json)
    assert config["numStartups"] == 7 and config["mcpServers"]["abzu"]["args"] == ["mcp"]
    cc.cli("uninstall", "--mcp")
    assert read(claude_json) == {"numStartups": 7}


def test_a_broken_settings_file_is_left_alone_with_a_one_line_error(tmp_path: Path) -> None:
    cc = ClaudeCode.at(tmp_path)
    settings_file(cc).parent.mkdir(parents=True)
    settings_file(cc).write_text("{broken", encoding="utf-8")
    done = cc.cli("install")
    assert done.returncode == 1 and done.stderr.startswith("error: ") and "not valid JSON" in done.stderr
    assert settings_file(cc).read_text(encoding="utf-8") == "{broken"
