"""Rotating abzu.log when several processes write it (CLI, hooks, MCP server, detached finalize).

`RotatingFileHandler` rotates inside whichever process crosses the size first, while the others
keep writing to the renamed file, and two can rotate at once and lose a copy. Instead each
process appends through a `WatchedFileHandler` (it reopens the file when it was renamed) and
rotates, if needed, only when it starts logging, under an exclusive lock.
"""

import contextlib
import logging
import os
from collections.abc import Iterator
from logging.handlers import WatchedFileHandler
from pathlib import Path

MAX_BYTES = 2_000_000
KEEP = 3  # abzu.log.1 … abzu.log.3, the names `abzu scrub` knows


class FollowingFileHandler(WatchedFileHandler):
    """A WatchedFileHandler that never raises into the caller: the standard one reopens the file
    outside its error handling, so a data home deleted under a running process (or a test's
    temporary folder) turned every later log call into an exception."""

    def emit(self, record: logging.LogRecord) -> None:
        try:
            self.reopenIfNeeded()
            if self.stream is None:  # FileHandler.emit would open it outside its error handling too
                self.stream = self._open()
        except OSError:
            return  # an unwritable log must never break the caller
        logging.StreamHandler.emit(self, record)


def rotate_if_large(path: Path, *, max_bytes: int = MAX_BYTES) -> None:
    """abzu.log → abzu.log.1 → … → abzu.log.<KEEP> (the oldest dropped), once, by one process."""
    if not _larger_than(path, max_bytes):
        return
    with _exclusive(path.with_name(f".{path.name}.lock")):
        if not _larger_than(path, max_bytes):  # another process rotated while we waited
            return
        for n in range(KEEP - 1, 0, -1):
            older = path.with_name(f"{path.name}.{n}")
            if older.exists():
                os.replace(older, path.with_name(f"{path.name}.{n + 1}"))
        os.replace(path, path.with_name(f"{path.name}.1"))


def _larger_than(path: Path, size: int) -> bool:
    try:
        return path.stat().st_size > size
    except OSError:
        return False


@contextlib.contextmanager
def _exclusive(lock: Path) -> Iterator[None]:
    try:
        import fcntl
    except ImportError:  # Windows: no flock; rotating unlocked is what RotatingFileHandler did
        yield
        return
    fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # closing releases the lock
