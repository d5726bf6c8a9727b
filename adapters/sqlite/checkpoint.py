"""WAL checkpoints after the write gate is released, not inside the hold (issue 20).

SQLite's automatic checkpoint runs inside the COMMIT that pushes the WAL past 1,000 frames,
while the committing writer still holds the write gate: every writer in line waited for it
(copying the WAL into the database, and an fsync of wisdom.db). So the stores'
connections turn it off (`wal_autocheckpoint=0`) and the writer checks, after releasing the
gate, how many frames the WAL holds that the database has not taken in yet; past the same
threshold it runs the same PASSIVE checkpoint, which never blocks a writer or a reader.

The count is read from the WAL index (the `-shm` file), whose header layout is part of
SQLite's documented file format (https://www.sqlite.org/walformat.html): `mxFrame` at byte 16
and the checkpoint's `nBackfill` at byte 96, native byte order. A torn or missing read just
means no checkpoint this time; the next writer looks again.

The `-shm` file is read through one descriptor per file, kept open: closing any descriptor of a
file drops every POSIX lock the process holds on it (fcntl semantics), SQLite's own read lock on
the WAL index included. Without that lock, the next process to open the store takes itself for
the only one, truncates the WAL index and rebuilds it while this process still has it mapped:
a SIGBUS on its next read or write (seen as a crash of a test holding a store open while a hook
opened it), or two processes with two views of one index.
"""

import contextlib
import os
import sqlite3
import struct
import threading
from pathlib import Path

FRAMES = 1000  # SQLite's own default for wal_autocheckpoint
PRAGMA = "wal_autocheckpoint=0"
_MX_FRAME, _BACKFILL = 16, 96
_KEPT: dict[str, tuple[int, int]] = {}  # -shm path -> (descriptor, inode), for the process's life
_KEPT_LOCK = threading.Lock()


def pending_frames(store: Path) -> int:
    """Frames in the WAL not yet copied into the database; 0 when it cannot be told."""
    fd = _index_descriptor(f"{store}-shm")
    if fd is None:
        return 0
    try:
        header = os.pread(fd, _BACKFILL + 4, 0)
    except OSError:
        return 0
    if len(header) < _BACKFILL + 4:
        return 0
    (written,) = struct.unpack_from("=I", header, _MX_FRAME)
    (copied,) = struct.unpack_from("=I", header, _BACKFILL)
    return max(0, int(written) - int(copied))


def _index_descriptor(path: str) -> int | None:
    """The kept descriptor of the WAL index at `path` (module docstring: never closed while it
    is the file there). A file that replaced it (the last connection deleted the old one) gets
    a new descriptor; closing the old one drops locks on the old file only, which nobody uses."""
    try:
        inode = os.stat(path).st_ino
    except OSError:
        return None
    with _KEPT_LOCK:
        kept = _KEPT.get(path)
        if kept is not None and kept[1] == inode:
            return kept[0]
        try:
            fd = os.open(path, os.O_RDONLY | os.O_CLOEXEC)
        except OSError:
            return None
        _KEPT[path] = (fd, os.fstat(fd).st_ino)
        if kept is not None:
            os.close(kept[0])
        return fd


def after_commit(conn: sqlite3.Connection, store: Path) -> None:
    """Called once the gate is released: a PASSIVE checkpoint when the WAL is due one."""
    if pending_frames(store) < FRAMES:
        return
    with contextlib.suppress(sqlite3.Error):  # busy or read-only: the next writer looks again
        conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
