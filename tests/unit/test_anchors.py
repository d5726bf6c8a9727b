"""Anchors (issue 16): what a path or command is stored and looked up as; the PreToolUse entry
`abzu install --point-of-action` adds and `uninstall` removes."""

import copy
from pathlib import Path
from typing import Any

from abzu.adapters.claude_settings import merge_hooks, remove_hooks
from abzu.domain.anchor_keys import command_keys, file_key
from abzu.domain.anchors import Anchor, AnchorKind, anchors_for

ROOT = "/home/me/api"
EXE = "/opt/abzu/bin/abzu"


def test_a_file_is_stored_relative_to_the_project_root() -> None:
    assert file_key("/home/me/api/src/./app.py", ROOT) == "src/app.py"
    assert file_key("src/app.py", ROOT) == "src/app.py"
    assert file_key("/home/me/other/app.py", ROOT) is None  # outside the project: no anchor
    assert file_key("../api2/x.py", ROOT) is None
    assert file_key("", ROOT) is None


def test_a_command_matches_every_anchored_prefix_on_whole_words() -> None:
    assert command_keys("npm  run build -- --prod") == [
        "npm", "npm run", "npm run build", "npm run build --", "npm run build -- --prod"]
    assert "npm run buil" not in command_keys("npm run build")


def test_remember_anchors_drop_blanks_and_duplicates() -> None:
    assert anchors_for(["src/a.py", "/home/me/api/src/a.py", "/etc/passwd"], [" pytest  -x ", ""], ROOT) == (
        Anchor(AnchorKind.FILE, "src/a.py"), Anchor(AnchorKind.COMMAND, "pytest -x"))


def _pre_tool_use(settings: dict[str, Any]) -> list[Any]:
    return list(settings.get("hooks", {}).get("PreToolUse", []))


def test_the_pre_tool_use_matcher_is_installed_only_on_request_and_removed_exactly() -> None:
    lint = {"matcher": "Bash", "hooks": [{"type": "command", "command": "lint"}]}
    users = {"hooks": {"PreToolUse": [lint]}}
    assert _pre_tool_use(merge_hooks(copy.deepcopy(users), EXE)) == _pre_tool_use(users)
    installed = merge_hooks(users, EXE, point_of_action=True)
    ours = _pre_tool_use(installed)[-1]
    assert ours["matcher"] == "Edit|Write|MultiEdit|Bash"
    assert ours["hooks"][0]["command"] == f"{EXE} hook pre-tool-use"
    assert merge_hooks(installed, EXE, point_of_action=True) == installed  # idempotent
    assert merge_hooks(installed, EXE) == installed  # a plain reinstall keeps the opt-in
    assert remove_hooks(installed) == users


def test_the_pre_tool_use_path_reads_the_files_the_data_home_names(tmp_path: Path) -> None:
    """The hook names its files itself (importing DataHome would bring pathlib along)."""
    from abzu.entrypoints.data_home import DataHome
    from abzu.entrypoints.hooks import pre_tool_use as hook

    home = DataHome.at(tmp_path)
    assert [tmp_path / name for name in (hook.WISDOM, hook.STAGING, hook.SHOWN)] == [
        home.wisdom, home.staging, home.shown]
