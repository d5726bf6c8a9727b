"""SessionStart from the rendered recall pack (issue 13): standard library only.

A new session (startup or clear) whose pack is provably what the live path would render
(adapters/rendered_pack.py) prints it with a fresh time stamp and fence nonce, and records what
the live path records: the start and the injection in the hook journal, `.enki/SESSION_ID`, and
the detached recovery. Anything else (a resumed session, a stale or missing pack, a payload the
validating path would refuse) returns None and session_start.py runs the live path.
"""

import json
import os
import re
from datetime import UTC, datetime
from pathlib import Path

from abzu.adapters import rendered_pack
from abzu.adapters.plain_files import dot_enki, regular_size, write_session_id
from abzu.adapters.spool.raw_writer import write_entry
from abzu.adapters.workspace import GitWorkspace
from abzu.domain.sessions.ids import SESSION_ID_PATTERN
from abzu.entrypoints.data_home import DataHome
from abzu.entrypoints.detach import abzu_command, start_detached
from abzu.entrypoints.hooks.env import session_cwd
from abzu.entrypoints.hooks.team_refresh import refresh_if_due

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

NEW_SESSIONS = frozenset(("startup", "clear"))  # no store row has their id yet: "last session" holds
FIELDS = {"transcript_path": 4096, "cwd": 4096, "hook_event_name": 64, "source": 64, "trigger": 64,
          "reason": 64, "compact_summary": 0}  # claude_hook_payload.py's limits; a summary: live


def run(raw: str, home: DataHome, *, fence: str | None = None,
        now: datetime | None = None) -> "dict[str, Any] | None":
    """The hook's output from the pack, or None. `fence`, `now`: a test's fixed nonce and time."""
    try:
        found = _fresh(raw, home, now or datetime.now(UTC))
    except Exception:  # any doubt is the live path's to settle (and to log)
        return None
    if found is None:
        return None
    payload, cwd, root, now, pack = found
    text = rendered_pack.fill(pack, now=now.timestamp(), fence=fence or f"memory-{os.urandom(4).hex()}")
    _record(home, payload, root, now, pack, text)
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")  # as hooks/main.py sets it for recovery
    start_detached(abzu_command("recover", "--exclude", payload["session_id"]), cwd=str(cwd))
    refresh_if_due(home, cwd)  # the team's memories, for the next start (issue 32)
    return {"hookSpecificOutput": {"hookEventName": "SessionStart", "additionalContext": text}}


def _fresh(raw: str, home: DataHome,
           now: datetime) -> "tuple[dict[str, Any], Path, str, datetime, dict[str, Any]] | None":
    payload = _payload(raw)
    if payload is None or (payload.get("source") or "startup") not in NEW_SESSIONS:
        return None
    cwd = session_cwd(payload.get("cwd"))
    root = GitWorkspace(cwd).root()
    if not root:
        return None
    pack = rendered_pack.load(block_path(home, root), home=home.root, root=root, environ=os.environ,
                              config=home.config_file(os.environ), now=now.timestamp())
    if pack is None or not rendered_pack.no_crash_notice(payload.get("transcript_path"),
                                                          payload["session_id"], pack, home.staging):
        return None
    return payload, cwd, root, now, pack


def block_path(home: DataHome, root: str) -> Path:
    """Beside the answers pack (adapters/recall_pack.py) of the same project root."""
    return home.pack_for(root).with_suffix(".block")


def _payload(raw: str) -> "dict[str, Any] | None":
    """The payload as HookPayload reads it (stripped text fields), or None where it would refuse."""
    try:
        data = json.loads(raw)
    except ValueError:
        return None
    sid = data.get("session_id") if isinstance(data, dict) else None
    if not isinstance(sid, str) or not re.fullmatch(SESSION_ID_PATTERN, sid.strip()):
        return None
    payload: dict[str, Any] = {"session_id": sid.strip()}
    for name, limit in FIELDS.items():
        value = data.get(name)
        if value is not None and not (isinstance(value, str) and len(value.strip()) <= limit):
            return None
        payload[name] = value.strip() if value is not None else None
    return payload


def _record(home: DataHome, payload: "dict[str, Any]", root: str, now: datetime,
            pack: "dict[str, Any]", text: str) -> None:
    """What InjectSessionStart._record writes, in the journal codec's shape (adapters/spool/codec.py)."""
    sid, path, at = payload["session_id"], payload.get("transcript_path"), now.isoformat()
    offset = regular_size(path) if path else None
    _journal(home, "event", {
        "kind": "event", "session_id": sid, "event": "SessionStart", "at": at, "transcript_path": path,
        "root": root, "offset": offset, "source": payload.get("source") or "startup"})
    _journal(home, "injection", {
        "kind": "injection", "session_id": sid, "event": "session_start", "tier": pack["tier"],
        "characters": len(text), "collapsed": pack["collapsed"], "at": at,
        "key": f"{sid}:session_start:{at}"})
    if (folder := dot_enki(root, home.root)) is not None:  # as DotEnkiProjectFiles.write_session_id
        write_session_id(folder, sid)


def _journal(home: DataHome, kind: str, body: "dict[str, Any]") -> None:
    try:
        write_entry(home.spool, kind, json.dumps(body, ensure_ascii=False))
    except OSError as exc:  # as FileSessionJournal: a lost entry is logged, the block still shown
        from abzu.entrypoints.hooks.main import log_error

        log_error(f"hook journal entry lost ({kind}): {exc}")
