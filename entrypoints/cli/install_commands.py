"""`abzu install | uninstall`: Abzu's hooks in Claude Code's settings, its MCP server entry."""

import os
import shutil
import sys
from collections.abc import Callable
from datetime import datetime
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import typer

from abzu.adapters.claude_settings import merge_hooks, merge_mcp, remove_hooks, remove_mcp
from abzu.adapters.json_file import read_json, write_json
from abzu.adapters.workspace import GitWorkspace
from abzu.entrypoints.cli.context import fail, one_line_errors
from abzu.entrypoints.data_home import DataHome
from abzu.entrypoints.logs import configure_file_logging

Change = Callable[[dict[str, Any]], dict[str, Any]]


class InstallScope(StrEnum):
    USER = "user"
    PROJECT = "project"


ScopeOpt = Annotated[InstallScope, typer.Option(
    "--scope", help="user: ~/.claude/settings.json; project: .claude/settings.json of this repository.",
)]
McpOpt = Annotated[bool, typer.Option(
    "--mcp", help="Also the MCP server: ~/.claude.json (user) or .mcp.json (project).",
)]

PointOpt = Annotated[bool, typer.Option(
    "--point-of-action", help="Also PreToolUse (Edit, Write, MultiEdit, Bash): memories anchored "
    "to a file or command are shown before the agent edits or runs it.",
)]


def register(app: typer.Typer) -> None:
    @app.command()
    def install(scope: ScopeOpt = InstallScope.USER, mcp: McpOpt = False,
                point_of_action: PointOpt = False) -> None:
        """Add Abzu's hooks to Claude Code (idempotent; the previous file is backed up)."""
        configure_file_logging(DataHome.from_env().log)  # tracebacks go there, not to the terminal
        with one_line_errors():
            executable = installed_executable()
            typer.echo(f"abzu executable: {executable}")
            _apply("hooks", settings_path(scope),
                   lambda data: merge_hooks(data, executable, point_of_action=point_of_action))
            if mcp:
                _apply("MCP server", mcp_path(scope), lambda data: merge_mcp(data, executable))

    @app.command()
    def uninstall(scope: ScopeOpt = InstallScope.USER, mcp: McpOpt = False) -> None:
        """Remove exactly the hooks (and with --mcp the server entry) `abzu install` added."""
        configure_file_logging(DataHome.from_env().log)
        with one_line_errors():
            _apply("hooks", settings_path(scope), remove_hooks)
            if mcp:
                _apply("MCP server", mcp_path(scope), remove_mcp)


def _apply(what: str, path: Path, change: Change) -> None:
    before = read_json(path)
    after = change(before)
    if after == before:
        typer.echo(f"{what}: {path} unchanged")
        return
    backup = write_json(path, after, now=datetime.now())
    typer.echo(f"{what}: {path} updated" + (f" (backup: {backup})" if backup else ""))


def installed_executable() -> str:
    """The `abzu` beside this interpreter (the installed console script), else the one on PATH."""
    name = "abzu.exe" if os.name == "nt" else "abzu"
    beside = Path(sys.executable).parent / name
    found = str(beside) if beside.is_file() else shutil.which("abzu")
    if not found:
        fail("cannot find the installed `abzu` executable; install Abzu with pip first")
    return str(Path(found).absolute())


def _claude_home() -> Path:
    configured = os.environ.get("CLAUDE_CONFIG_DIR")
    return Path(configured).expanduser() if configured else Path.home() / ".claude"


def _project_root() -> Path:
    return Path(GitWorkspace(Path.cwd()).root() or Path.cwd())


def settings_path(scope: InstallScope) -> Path:
    if scope is InstallScope.PROJECT:
        return _project_root() / ".claude" / "settings.json"
    return _claude_home() / "settings.json"


def mcp_path(scope: InstallScope) -> Path:
    if scope is InstallScope.PROJECT:
        return _project_root() / ".mcp.json"
    configured = os.environ.get("CLAUDE_CONFIG_DIR")
    return Path(configured).expanduser() / ".claude.json" if configured else Path.home() / ".claude.json"
