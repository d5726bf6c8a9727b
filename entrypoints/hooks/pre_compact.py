"""PreCompact: record that a snapshot is wanted and return at once (issue 11 item 6).

Mining the transcript and writing the snapshot costs more than a second of CPU (the container,
the extractor); it runs detached as `abzu snapshot`, as SessionEnd's finalisation does. A marker
file in the data home says the snapshot is on its way: the post-compaction SessionStart and
PostCompact wait for it briefly (compaction itself takes many seconds, so they rarely wait).
"""

import os
import time
from pathlib import Path

from abzu.adapters.claude_hook_payload import HookPayload
from abzu.entrypoints.data_home import DataHome
from abzu.entrypoints.detach import abzu_command, start_detached
from abzu.entrypoints.hooks.env import session_cwd

WAIT_S = 10.0  # the longest a post-compaction hook waits for the snapshot
STALE_S = 120.0  # a marker older than this belongs to a snapshot run that died
POLL_S = 0.05


def run(raw: str, home: DataHome) -> None:
    payload = HookPayload.model_validate_json(raw)
    marker = pending_marker(home, payload.session_id)
    marker.parent.mkdir(mode=0o700, parents=True, exist_ok=True)  # the data home is private
    marker.touch(mode=0o600)
    argv = ["snapshot", payload.session_id]  # `--opt=value`: a value starting with "-" stays a value
    argv += [f"--transcript={payload.transcript_path}"] if payload.transcript_path else []
    argv += [f"--trigger={payload.trigger}"] if payload.trigger else []
    start_detached(abzu_command(*argv), cwd=str(session_cwd(payload.cwd)))


def pending_marker(home: DataHome, session_id: str) -> Path:
    return home.pending / f"{session_id}.pre-compact"


def wait_for_snapshot(home: DataHome, session_id: str, *, limit_s: float = WAIT_S) -> bool:
    """True when no snapshot of this session is (still) on its way; False after `limit_s`."""
    marker, deadline = pending_marker(home, session_id), time.monotonic() + limit_s
    while True:
        try:
            age = time.time() - os.stat(marker).st_mtime
        except OSError:
            return True  # no marker: nothing pending
        if age > STALE_S:
            return True
        if time.monotonic() >= deadline:
            return False
        time.sleep(POLL_S)
