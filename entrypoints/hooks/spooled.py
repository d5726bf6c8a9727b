"""The journal-and-go path of SessionEnd and Stop (standard library only).

SessionEnd has 1.5 s shared by every SessionEnd hook and is often cut short, so nothing here
imports more than the standard library: the session id is checked (it becomes an argument),
the payload is journaled as sent and validated with the pydantic model when the detached
`abzu finalize` (or the next recovery) ingests the journal. Neither pathlib nor datetime
(~8 ms CPU together, a fifth of Stop's run): the home is a string and the time is formatted
from `time` (hooks/main.py hands the home root over).
"""

import json
import re
import time

from abzu.adapters.spool.hook_entry import encode_hook
from abzu.adapters.spool.raw_writer import write_entry
from abzu.domain.sessions.ids import SESSION_ID_PATTERN
from abzu.entrypoints.home_root import spool_folder
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


def journal(event: str, raw: str, root: str) -> "tuple[str, dict[str, Any]]":
    """The session id and payload, once the payload is in the journal of the home at `root`."""
    session_id, payload = parse(raw)
    entry = encode_hook(event, payload, at=utc_now_iso(), project_dir=project_dir())
    write_entry(spool_folder(root), "hook", entry)
    return session_id, payload


def utc_now_iso(now_ns: int | None = None) -> str:
    """`datetime.now(UTC).isoformat(timespec="microseconds")`, without importing datetime."""
    micros = (time.time_ns() if now_ns is None else now_ns) // 1000
    seconds, fraction = divmod(micros, 1_000_000)
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(seconds)) + f".{fraction:06d}+00:00"
