"""PreToolUse (issue 16): before Edit/Write/MultiEdit or Bash, the memories anchored to that file
or command prefix, as additional context. No anchored memory: no output. Never blocks the
tool call (no decision field, never exit 2).

It runs before every edit, so `abzu hook pre-tool-use` comes straight here from the launcher
(`main`), past `hooks/main.py` and its logging set-up: the path imports `json`, `os`,
`sqlite3` and Abzu's small plain modules only — no pathlib, typing, dataclasses, logging,
SQLAlchemy, pydantic, `returns`, dependency-injector, subprocess or git (a test holds it to
that). A failure is one line in Abzu's log, through the shared hook logger, and exit 0.

`ABZU_ANCHOR_CANDIDATES=1` also shows staged candidates (after the reviewed beads).
"""

import json
import os
import sys
from collections.abc import Mapping

from abzu.application.anchors.recall_at_action import ActionRequest, RecallAtAction
from abzu.entrypoints.home_root import SHOWN, STAGING, WISDOM, home_root

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing on this path
if TYPE_CHECKING:
    from typing import Any

    from abzu.adapters.sqlite.anchor_reader import Sqlite3AnchoredMemories
    from abzu.entrypoints.data_home import DataHome

FILE_TOOLS = frozenset(("Edit", "Write", "MultiEdit"))
CANDIDATES_VARIABLE = "ABZU_ANCHOR_CANDIDATES"
EVENT = "PreToolUse"
MAX_PAYLOAD_CHARS = 1_000_000  # as hooks/main.py


def main() -> int:
    """`abzu hook pre-tool-use`: stdin to stdout, exit 0 whatever happens."""
    try:
        raw = sys.stdin.read(MAX_PAYLOAD_CHARS)
        payload = json.loads(raw)
        if isinstance(payload, dict) and payload.get("hook_event_name", EVENT) != EVENT:
            return _other_event(raw)  # the payload's event wins, as in hooks/main.py
        output = answer(payload, os.environ)
        if output is not None:
            sys.stdout.write(json.dumps(output, ensure_ascii=False))
            sys.stdout.flush()
    except Exception as exc:  # fail open: Claude Code must never see a broken hook
        _log_failure(exc)
    return 0


def run(raw: str, home: "DataHome") -> "dict[str, Any] | None":
    """The entry `hooks/main.py` calls (a PreToolUse payload sent under another hook name)."""
    return _answer(json.loads(raw), str(home.root), os.environ)


def answer(payload: object, environ: Mapping[str, str]) -> "dict[str, Any] | None":
    return _answer(payload, home_root(environ), environ)


def _answer(payload: object, home: str, environ: Mapping[str, str]) -> "dict[str, Any] | None":
    request = _request(payload, environ)
    if request is None:
        return None
    memories = _memories(home)
    try:
        text = _use_case(memories, home, request, environ).execute(request)
    finally:
        memories.close()
    if not text:
        return None
    return {"hookSpecificOutput": {"hookEventName": EVENT, "additionalContext": text}}


def _request(payload: object, environ: Mapping[str, str]) -> ActionRequest | None:
    if not isinstance(payload, dict):
        raise ValueError("PreToolUse payload is not a JSON object")
    session, tool, given = payload.get("session_id"), payload.get("tool_name"), payload.get("tool_input")
    if not isinstance(session, str) or not isinstance(given, dict):
        raise ValueError("PreToolUse payload lacks session_id or tool_input")
    cwd = payload.get("cwd")
    # Claude Code's project root (stays put when Claude cds), else the payload's folder (hooks/env.py).
    cwd = environ.get("CLAUDE_PROJECT_DIR") or (cwd if isinstance(cwd, str) else None) or os.getcwd()
    path, command = given.get("file_path"), given.get("command")
    if tool in FILE_TOOLS and isinstance(path, str):
        return ActionRequest(session, file_path=path, cwd=cwd)
    if tool == "Bash" and isinstance(command, str):
        return ActionRequest(session, command=command, cwd=cwd)
    return None  # another tool: the installed matcher should not have sent it


def _memories(home: str) -> "Sqlite3AnchoredMemories":
    from abzu.adapters.sqlite.anchor_reader import Sqlite3AnchoredMemories

    wisdom, staging = os.path.join(home, WISDOM), os.path.join(home, STAGING)
    return Sqlite3AnchoredMemories(wisdom, staging, warn=_log_warning)


def _use_case(memories: "Sqlite3AnchoredMemories", home: str, request: ActionRequest,
              environ: Mapping[str, str]) -> RecallAtAction:
    from abzu.adapters.shown_file import FileShownMemories
    from abzu.adapters.workspace import GitWorkspace

    with_candidates = environ.get(CANDIDATES_VARIABLE, "").strip().lower() in ("1", "true", "yes")
    return RecallAtAction(
        memories, FileShownMemories(os.path.join(home, SHOWN)), GitWorkspace(request.cwd or os.getcwd()),
        with_candidates,
    )


def _other_event(raw: str) -> int:
    import io

    from abzu.entrypoints.hooks.main import main as hook_main

    return hook_main(["pre-tool-use"], io.StringIO(raw))


def _log_warning(message: str) -> None:
    from abzu.entrypoints.hooks.main import log_warning

    log_warning(message)


def _log_failure(exc: Exception) -> None:
    """One line in Abzu's log, as hooks/main.py writes it; never a traceback on stderr."""
    try:
        from abzu.entrypoints.hooks.main import log_failure

        log_failure("pre-tool-use", exc)
    except Exception:  # the log itself failed: there is nowhere left to say it
        return
