"""What each front door does first on a brand-new data home, run in a forked child process.

Forked (not spawned) so a round of eight costs no re-import: the parent has loaded Abzu once,
and every child opens the stores itself, exactly as a separate CLI, hook or MCP process would.
"""

import contextlib
import io
import json
import os
import sys
from collections.abc import Callable
from pathlib import Path

# Loaded once in the parent, shared by every fork: a round costs the doors' work, not imports.
import alembic.command  # noqa: F401

import tests.mcp_support  # noqa: F401


def cli(*args: str) -> Callable[[Path], str]:
    def run(repo: Path) -> str:
        from abzu.entrypoints.cli.app import main as cli_main

        sys.argv = ["abzu", *args]
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                cli_main()
                code = 0
            except SystemExit as exc:
                code = int(exc.code or 0)
        return "" if code == 0 else f"abzu {' '.join(args)} exited {code}: {err.getvalue()}"

    return run


def session_start(repo: Path) -> str:
    import abzu.entrypoints.hooks.session_start as hook
    from abzu.entrypoints.hooks.main import main as hook_main

    hook.start_detached = lambda *_a, **_k: None  # the detached recover is another test's
    payload = {"session_id": f"s-{os.getpid()}", "hook_event_name": "SessionStart",
               "source": "startup", "cwd": str(repo), "transcript_path": str(repo / "none.jsonl")}
    out = io.StringIO()
    hook_main(["session-start"], stdin=io.StringIO(json.dumps(payload)), stdout=out)
    return "" if "additionalContext" in out.getvalue() else f"session-start said {out.getvalue()!r}"


def mcp_remember(repo: Path) -> str:
    from abzu.entrypoints.mcp_server.server import build_server
    from tests.mcp_support import call

    result = call(build_server(), "enki_remember",
                  {"content": f"mcp note from {os.getpid()}", "category": "learning"})
    return "" if not result.is_error else f"enki_remember failed: {result.content}"


DOORS: list[Callable[[Path], str]] = [
    cli("remember", "fresh home note one", "--category", "preference"),
    session_start,
    mcp_remember,
    cli("status"),
    cli("recall", "note"),
    session_start,
    mcp_remember,
    cli("remember", "fresh home note two", "--category", "learning"),
]


def run_door(index: int, home: Path, repo: Path) -> str:
    """In the child: one door on the shared fresh home; '' when it succeeded."""
    os.environ["ABZU_HOME"] = str(home)
    os.chdir(repo)
    try:
        return DOORS[index](repo)
    except BaseException as exc:  # anything at all is a failure of this door
        return f"door {index} raised {type(exc).__name__}: {exc}"
