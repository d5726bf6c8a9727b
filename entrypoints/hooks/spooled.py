"""The journal-and-go path of SessionEnd and Stop (standard library only).

SessionEnd has 1.5 s shared by every SessionEnd hook and is often cut short, so nothing here
imports more than the standard library: the session id is checked (it becomes an argument),
the payload is journaled as sent and validated with the pydantic model when the detached
`abzu finalize` (or the next recovery) ingests the journal.
"""

import json
import re
from datetime import UTC, datetime

from abzu.adapters.spool.hook_entry import encode_hook
from abzu.adapters.spool.raw_writer import write_entry
from abzu.domain.sessions.ids import SESSION_ID_PATTERN
from abzu.entrypoints.data_home import DataHome
from abzu.entrypoints.hooks.env import project_dir

TYPE_CHECKING = False  # no `typing` on the journaling hooks' path (see hooks/main.py)
if TYPE_CHECKING:
    from typing import Any

_SESSION_ID = re.compile(SESSION_ID_PATTERN)


def parse(raw: str) -> "tuple[str, dict[str, Any]]":
    """The session id (checked: it becomes a file name and an argument) and the payload."""
    payload = json.loads(raw)
    session_id = payload.get("session_id") if isinstance(payload, dict) else None
    if not isinstance(session_id, str) or not _SESSION_ID.fullmatch(session_id):
        raise ValueError("payload has no valid session_id")
    return session_id, payload


def journal(event: str, raw: str, home: DataHome) -> "tuple[str, dict[str, Any]]":
    """The session id and payload, once the payload is in the journal."""
    session_id, payload = parse(raw)
    entry = encode_hook(event, payload, at=datetime.now(UTC), project_dir=project_dir())
    write_entry(home.spool, "hook", entry)
    return session_id, payload
