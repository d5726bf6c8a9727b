"""PreToolUse (issue 16): before Edit/Write/MultiEdit or Bash, the memories anchored to that file
or command prefix, as additional context. No anchored memory: no output. Never blocks the
tool call (no decision field, never exit 2). Standard library only: it runs before every edit.

`ABZU_ANCHOR_CANDIDATES=1` also shows staged candidates (after the reviewed beads).
"""

import json
import os
from typing import Any

from abzu.application.anchors.recall_at_action import ActionRequest, RecallAtAction
from abzu.entrypoints.data_home import DataHome
from abzu.entrypoints.hooks.env import session_cwd

FILE_TOOLS = frozenset(("Edit", "Write", "MultiEdit"))
CANDIDATES_VARIABLE = "ABZU_ANCHOR_CANDIDATES"


def run(raw: str, home: DataHome) -> dict[str, Any] | None:
    request = _request(json.loads(raw))
    if request is None:
        return None
    text = _use_case(home, request).execute(request)
    if not text:
        return None
    return {"hookSpecificOutput": {"hookEventName": "PreToolUse", "additionalContext": text}}


def _request(payload: Any) -> ActionRequest | None:
    if not isinstance(payload, dict):
        raise ValueError("PreToolUse payload is not a JSON object")
    session, tool, given = payload.get("session_id"), payload.get("tool_name"), payload.get("tool_input")
    if not isinstance(session, str) or not isinstance(given, dict):
        raise ValueError("PreToolUse payload lacks session_id or tool_input")
    cwd = str(session_cwd(payload.get("cwd") if isinstance(payload.get("cwd"), str) else None))
    path, command = given.get("file_path"), given.get("command")
    if tool in FILE_TOOLS and isinstance(path, str):
        return ActionRequest(session, file_path=path, cwd=cwd)
    if tool == "Bash" and isinstance(command, str):
        return ActionRequest(session, command=command, cwd=cwd)
    return None  # another tool: the installed matcher should not have sent it


def _use_case(home: DataHome, request: ActionRequest) -> RecallAtAction:
    from pathlib import Path

    from abzu.adapters.shown_file import FileShownMemories
    from abzu.adapters.sqlite.anchor_reader import Sqlite3AnchoredMemories
    from abzu.adapters.workspace import GitWorkspace

    with_candidates = os.environ.get(CANDIDATES_VARIABLE, "").strip().lower() in ("1", "true", "yes")
    return RecallAtAction(
        Sqlite3AnchoredMemories(home.wisdom, home.staging), FileShownMemories(home.shown),
        GitWorkspace(Path(request.cwd or os.getcwd())), with_candidates,
    )
