"""How Claude Code starts the MCP server: its `mcpServers.abzu` entry (used by `abzu install --mcp`).

`server_entry` is pure; `installed_executable` looks for the `abzu` script that goes with this
interpreter, so the entry keeps working when PATH differs (Claude Code, IDEs, cron).
"""

import os
import shutil
import sys
from pathlib import Path
from typing import Literal, TypedDict

SERVER_NAME = "abzu"


class ServerEntry(TypedDict):
    type: Literal["stdio"]
    command: str
    args: list[str]
    env: dict[str, str]


def server_entry(executable: Path, *, home: Path | None = None) -> ServerEntry:
    """The stdio entry running `<executable> mcp`; `home` pins ABZU_HOME when it is not the default."""
    if not executable.is_absolute():
        raise ValueError(f"the abzu executable must be an absolute path, got {executable}")
    env = {"ABZU_HOME": str(home)} if home is not None else {}
    return {"type": "stdio", "command": str(executable), "args": ["mcp"], "env": env}


def mcp_json(entry: ServerEntry) -> dict[str, dict[str, ServerEntry]]:
    """A project's `.mcp.json` document holding just this server."""
    return {"mcpServers": {SERVER_NAME: entry}}


def claude_add_command(entry: ServerEntry, *, scope: str = "user") -> list[str]:
    """The `claude mcp add` command line registering `entry` (everything after `--` is the server's)."""
    env_flags = [flag for key, value in entry["env"].items() for flag in ("--env", f"{key}={value}")]
    return ["claude", "mcp", "add", "--scope", scope, *env_flags, SERVER_NAME, "--",
            entry["command"], *entry["args"]]


def installed_executable() -> Path | None:
    """The `abzu` script beside this interpreter (a virtualenv's bin/), else the one on PATH."""
    name = "abzu.exe" if os.name == "nt" else "abzu"
    beside = Path(sys.executable).parent / name
    if beside.is_file():
        return beside.absolute()
    found = shutil.which("abzu")
    return Path(found).absolute() if found else None
