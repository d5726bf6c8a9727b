"""The newest sibling transcript: where a crashed session's work is found (issue 11 item 5).

Claude Code writes every session of one working directory into the same folder
(`~/.claude/projects/<folder>/<session id>.jsonl`), so the sessions before this one are the
other `.jsonl` files beside its transcript. One `scandir`, one `stat` per file, one bounded
read of the newest, and only when a summary does not already cover it: cheap enough for the
SessionStart hook, standard library only.
"""

import json
import os
import re
import stat
from datetime import UTC, datetime

from abzu.adapters.lazy_log import abzu_log
from abzu.application.sessions.hook_ports import CrashedTranscripts
from abzu.domain.sessions.ids import SESSION_ID_PATTERN

TYPE_CHECKING = False
if TYPE_CHECKING:  # built only when a crashed session is found: most starts never load it
    from abzu.domain.sessions.crashed import CrashedTranscript

_SPOOL_SCAN = 500  # newest entries looked at; ingestion keeps the journal short


class SiblingTranscripts(CrashedTranscripts):
    """`spool`: the hook journal; a session whose SessionEnd waits there ended cleanly (its
    detached finalisation is running, e.g. right after `/clear`) and is not shown as crashed."""

    def __init__(
        self, spool: "str | os.PathLike[str] | None" = None, *, tail_bytes: int | None = None
    ) -> None:
        self._spool, self._tail = None if spool is None else os.fspath(spool), tail_bytes

    def latest_other(
        self, transcript_path: str, *, excluding: str, after: datetime | None = None
    ) -> "CrashedTranscript | None":
        try:
            folder = os.path.dirname(transcript_path)
            newest = _newest(folder, excluding)
            if newest is None or (after is not None and newest[1] <= after):
                return None
            session_id, modified = newest
            if self._spool is not None and _ended_in_spool(self._spool, session_id):
                return None
            from abzu.domain.sessions.crashed import TAIL_BYTES, CrashedTranscript

            path = os.path.join(folder, f"{session_id}.jsonl")
            return CrashedTranscript(session_id, modified, _tail(path, self._tail or TAIL_BYTES))
        except OSError as exc:  # a folder or file gone or unreadable: no crashed session shown
            abzu_log().warning("crashed session: transcripts beside %s unreadable: %s", transcript_path, exc)
            return None


def _newest(folder: str, excluding: str) -> tuple[str, datetime] | None:
    """The newest sibling transcript's session id and when it was last written."""
    best: tuple[float, str] | None = None
    with os.scandir(folder or ".") as entries:
        for entry in entries:
            if not _is_session_transcript(entry.name, excluding):
                continue
            found = entry.stat()
            if stat.S_ISREG(found.st_mode) and (best is None or found.st_mtime > best[0]):
                best = (found.st_mtime, entry.name)
    if best is None:
        return None
    return best[1][:-6], datetime.fromtimestamp(best[0], tz=UTC)


def _ended_in_spool(spool: str, session_id: str) -> bool:
    """A SessionEnd of `session_id` among the journal's newest hook entries (bounded scan)."""
    if not os.path.isdir(spool):
        return False
    names = sorted((n for n in os.listdir(spool) if n.endswith("-hook.json")), reverse=True)
    for name in names[:_SPOOL_SCAN]:
        try:
            with open(os.path.join(spool, name), encoding="utf-8") as handle:
                entry = json.loads(handle.read())
        except (OSError, ValueError):
            continue  # ingested meanwhile, or set aside later by ingestion
        payload = entry.get("payload") if isinstance(entry, dict) else None
        if (entry.get("event") == "SessionEnd" and isinstance(payload, dict)
                and payload.get("session_id") == session_id):
            return True
    return False


def _is_session_transcript(name: str, excluding: str) -> bool:
    """`<session id>.jsonl`, not ours, not a subagent's (`agent-*.jsonl` in older versions)."""
    stem = name[:-6]
    return (name.endswith(".jsonl") and stem != excluding and not stem.startswith("agent-")
            and re.fullmatch(SESSION_ID_PATTERN, stem) is not None)


def _tail(path: str, limit: int) -> tuple[str, ...]:
    """The complete lines of the last `limit` bytes (the first, cut, line is dropped)."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    with os.fdopen(fd, "rb") as handle:
        size = os.fstat(handle.fileno()).st_size
        start = max(0, size - limit)
        handle.seek(start)
        data = handle.read(limit)
    lines = data.decode("utf-8", errors="replace").splitlines()
    return tuple(lines[1:] if start > 0 else lines)
