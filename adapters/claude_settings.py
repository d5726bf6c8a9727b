"""Abzu's entries in Claude Code's settings (hooks) and MCP configuration, merged and removed.

Pure functions over the parsed JSON: `merge_*` adds Abzu's entries (replacing older Abzu entries,
leaving everything else untouched, returning the input unchanged when it is already there) and
`remove_*` takes out exactly what `merge_*` adds. An entry is Abzu's when its command is an
`abzu` executable running `hook <event>` (or `mcp` for the server).
"""

import copy
import re
import shlex
from dataclasses import dataclass
from pathlib import PureWindowsPath
from typing import Any

Json = dict[str, Any]
SERVER_NAME = "abzu"


@dataclass(frozen=True, slots=True)
class HookSpec:
    event: str
    argument: str
    matcher: str | None
    options: tuple[tuple[str, object], ...]


# Timeouts are declared so the SessionEnd budget is known; the slow work is detached anyway.
HOOKS = (
    HookSpec("SessionStart", "session-start", "startup|resume|clear|compact|fork", (("timeout", 10),)),
    HookSpec("PreCompact", "pre-compact", None, (("timeout", 60),)),
    HookSpec("PostCompact", "post-compact", None, (("timeout", 30), ("async", True))),
    HookSpec("Stop", "stop", None, (("timeout", 10), ("async", True))),
    HookSpec("SessionEnd", "session-end", None, (("timeout", 5),)),
)
# Opt-in (`abzu install --point-of-action`, issue 16): it runs before every edit and command.
POINT_OF_ACTION = HookSpec("PreToolUse", "pre-tool-use", "Edit|Write|MultiEdit|Bash", (("timeout", 5),))
_ARGUMENTS = "|".join(h.argument for h in (*HOOKS, POINT_OF_ACTION))
_OURS = re.compile(rf"""^['"]?(?:.*[\\/])?abzu(?:\.exe)?['"]? hook (?:{_ARGUMENTS})$""")


def hook_command(executable: str, argument: str) -> str:
    """Shell form (every Claude Code version runs it); the path is quoted only when needed."""
    quoted = f'"{executable}"' if PureWindowsPath(executable).drive else shlex.quote(executable)
    return f"{quoted} hook {argument}"


def is_abzu_handler(handler: object) -> bool:
    return isinstance(handler, dict) and bool(_OURS.match(str(handler.get("command", ""))))


def hook_group(spec: HookSpec, executable: str) -> Json:
    handler: Json = {"type": "command", "command": hook_command(executable, spec.argument)}
    handler.update(dict(spec.options))
    return ({"matcher": spec.matcher} if spec.matcher else {}) | {"hooks": [handler]}


def merge_hooks(settings: Json, executable: str, *, point_of_action: bool = False) -> Json:
    """Without `point_of_action` a PreToolUse entry installed earlier is left as it is."""
    merged = copy.deepcopy(settings)
    for spec in (*HOOKS, POINT_OF_ACTION) if point_of_action else HOOKS:
        wanted = hook_group(spec, executable)
        groups = merged.setdefault("hooks", {}).setdefault(spec.event, [])
        if [g for g in groups if _has_ours(g)] == [wanted]:
            continue
        merged["hooks"][spec.event] = [*_without_ours(groups), wanted]
    return merged


def remove_hooks(settings: Json) -> Json:
    cleaned = copy.deepcopy(settings)
    hooks = cleaned.get("hooks")
    if not isinstance(hooks, dict):
        return cleaned
    for event in [e for e, groups in hooks.items() if isinstance(groups, list)]:
        if any(_has_ours(g) for g in hooks[event]):
            hooks[event] = _without_ours(hooks[event])
            if not hooks[event]:
                del hooks[event]
    if not hooks and "hooks" in settings and settings["hooks"]:
        del cleaned["hooks"]
    return cleaned


def _has_ours(group: object) -> bool:
    return isinstance(group, dict) and any(is_abzu_handler(h) for h in group.get("hooks", []))


def _without_ours(groups: list[Any]) -> list[Any]:
    kept = []
    for group in groups:
        if not _has_ours(group):
            kept.append(group)
            continue
        others = [h for h in group["hooks"] if not is_abzu_handler(h)]
        if others:
            kept.append({**group, "hooks": others})
    return kept


def mcp_server(executable: str) -> Json:
    return {"type": "stdio", "command": executable, "args": ["mcp"], "env": {}}


def is_abzu_server(entry: object) -> bool:
    if not isinstance(entry, dict) or entry.get("args") != ["mcp"]:
        return False
    name = PureWindowsPath(str(entry.get("command", ""))).name.lower()
    return name in {"abzu", "abzu.exe"}


class ForeignServer(Exception):
    """An MCP server named "abzu" that Abzu did not register: never overwritten."""


def merge_mcp(config: Json, executable: str) -> Json:
    servers = config.get("mcpServers", {})
    existing = servers.get(SERVER_NAME) if isinstance(servers, dict) else None
    if existing is not None and not is_abzu_server(existing):
        raise ForeignServer(f'an MCP server named "{SERVER_NAME}" exists and is not Abzu\'s: remove it first')
    if existing == mcp_server(executable):
        return config
    merged = copy.deepcopy(config)
    merged.setdefault("mcpServers", {})[SERVER_NAME] = mcp_server(executable)
    return merged


def remove_mcp(config: Json) -> Json:
    servers = config.get("mcpServers")
    if not isinstance(servers, dict) or not is_abzu_server(servers.get(SERVER_NAME)):
        return config
    cleaned = copy.deepcopy(config)
    del cleaned["mcpServers"][SERVER_NAME]
    if not cleaned["mcpServers"]:
        del cleaned["mcpServers"]
    return cleaned
