"""PreCompact: record that a snapshot is wanted and return at once (issue 11 item 6).

Mining the transcript and writing the snapshot costs hundreds of milliseconds of CPU (the
extractor); it runs detached (entrypoints/background.py, the work of `abzu snapshot`), as
SessionEnd's finalisation does. A marker
file in the data home says the snapshot is on its way: the post-compaction SessionStart and
PostCompact wait for it briefly (compaction itself takes many seconds, so they rarely wait).
The hook itself takes the data home as a string (`run_at`, called by hooks/main.py): no
pathlib, DataHome or logging on its path, as for Stop and SessionEnd.
"""

import os
import time

from abzu.adapters.claude_hook_payload import HookPayload
from abzu.entrypoints.detach import background_job, start_detached
from abzu.entrypoints.home_root import pending_folder
from abzu.entrypoints.hooks.env import session_dir

TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path

    from abzu.entrypoints.data_home import DataHome

WAIT_S = 10.0  # the longest a post-compaction hook waits for the snapshot
STALE_S = 120.0  # a marker older than this belongs to a snapshot run that died
POLL_S = 0.05


def run_at(raw: str, root: str) -> None:
    """`root`: the data home's folder (home_root.py)."""
    payload = HookPayload.model_validate_json(raw)
    folder = pending_folder(root)
    os.makedirs(folder, mode=0o700, exist_ok=True)  # the data home is private
    marker = _marker(folder, payload.session_id)
    os.close(os.open(marker, os.O_WRONLY | os.O_CREAT, 0o600))
    os.utime(marker)  # a marker an earlier run left: its age starts again, as Path.touch did
    argv, job = background_job("snapshot", session_id=payload.session_id,
                               transcript_path=payload.transcript_path, trigger=payload.trigger)
    start_detached(argv, cwd=session_dir(payload.cwd), stdin=job)


def pending_marker(home: "DataHome", session_id: str) -> "Path":
    return home.pending / _marker("", session_id)


def _marker(folder: str, session_id: str) -> str:
    return os.path.join(folder, f"{session_id}.pre-compact")


def wait_for_snapshot(home: "DataHome", session_id: str, *, limit_s: float = WAIT_S) -> bool:
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
