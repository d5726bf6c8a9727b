"""Merging Abzu's hooks and MCP server into Claude Code's configuration, and removing them."""

from typing import Any

import pytest

from abzu.adapters.claude_settings import (
    HOOKS,
    ForeignServer,
    hook_command,
    is_abzu_handler,
    merge_hooks,
    merge_mcp,
    remove_hooks,
    remove_mcp,
)

EXE = "/opt/abzu venv/bin/abzu"
USER_SETTINGS: dict[str, Any] = {
    "model": "opus",
    "hooks": {
        "SessionStart": [{"matcher": "startup", "hooks": [{"type": "command", "command": "echo hi"}]}],
        "PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "guard.sh"}]}],
    },
}


def test_every_lifecycle_event_gets_one_handler_with_the_absolute_executable() -> None:
    merged = merge_hooks({}, EXE)
    assert sorted(merged["hooks"]) == sorted(h.event for h in HOOKS)
    start = merged["hooks"]["SessionStart"][0]
    assert start["matcher"] == "startup|resume|clear|compact|fork"
    assert start["hooks"][0]["command"] == "'/opt/abzu venv/bin/abzu' hook session-start"
    assert merged["hooks"]["Stop"][0]["hooks"][0]["async"] is True


def test_merging_keeps_the_users_own_entries_and_is_idempotent() -> None:
    once = merge_hooks(USER_SETTINGS, EXE)
    assert once["model"] == "opus"
    assert once["hooks"]["SessionStart"][0] == USER_SETTINGS["hooks"]["SessionStart"][0]
    assert once["hooks"]["PreToolUse"] == USER_SETTINGS["hooks"]["PreToolUse"]
    assert merge_hooks(once, EXE) == once


def test_a_new_executable_path_replaces_the_old_entries() -> None:
    moved = merge_hooks(merge_hooks({}, "/old/bin/abzu"), "/new/bin/abzu")
    commands = [h["command"] for groups in moved["hooks"].values() for g in groups for h in g["hooks"]]
    assert len(commands) == len(HOOKS) and all(c.startswith("/new/bin/abzu hook ") for c in commands)


def test_removal_takes_out_exactly_what_merging_added() -> None:
    assert remove_hooks(merge_hooks(USER_SETTINGS, EXE)) == USER_SETTINGS
    assert remove_hooks(merge_hooks({}, EXE)) == {}


def test_handlers_are_recognised_by_executable_and_argument_only() -> None:
    assert is_abzu_handler({"command": hook_command("C:\\Tools\\abzu.exe", "stop")})
    assert not is_abzu_handler({"command": "/usr/bin/abzu-other hook stop"})
    assert not is_abzu_handler({"command": "abzu hook stop && rm -rf /"})


def test_mcp_registration_is_idempotent_and_removable() -> None:
    config = {"mcpServers": {"git": {"command": "uvx", "args": ["mcp-server-git"]}}, "numStartups": 4}
    merged = merge_mcp(config, EXE)
    assert merged["mcpServers"]["abzu"] == {"type": "stdio", "command": EXE, "args": ["mcp"], "env": {}}
    assert merge_mcp(merged, EXE) is merged
    assert remove_mcp(merged) == config


def test_a_foreign_server_named_abzu_is_never_overwritten() -> None:
    with pytest.raises(ForeignServer):
        merge_mcp({"mcpServers": {"abzu": {"command": "npx", "args": ["abzu-js"]}}}, EXE)
    foreign = {"mcpServers": {"abzu": {"command": "npx", "args": ["abzu-js"]}}}
    assert remove_mcp(foreign) == foreign
