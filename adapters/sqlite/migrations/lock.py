"""One migrator at a time: an exclusive `flock` on a lock file beside the store.

Hooks, the MCP server and the CLI often open a brand-new store at the same moment; without
the lock two of them could both run the same migration (`duplicate column name`). The lock
is advisory and released by the kernel when its holder dies, so a killed migrator never
blocks the next one. Waiting is bounded: a stuck holder becomes one clear error line.
"""

import fcntl
import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from abzu.adapters.private_files import FILE_MODE
from abzu.adapters.sqlite import write_gate
from abzu.adapters.sqlite.connect import StorageError
from abzu.adapters.sqlite.db import enter_gate

WAIT_S = 120.0
POLL_S = 0.05


@contextmanager
def migration_lock(store: Path, wait_s: float = WAIT_S) -> Iterator[None]:
    """The data home's write gate first, then this store's lock, always in that order: a writer
    holding the gate may open (and so migrate) the other store, and a migrator waiting for the
    gate while holding the store's lock would deadlock with it."""
    holder = enter_gate(store, wait=True)
    lock_path = store.with_name(store.name + ".migrate-lock")
    try:
        fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, FILE_MODE)
        try:
            _acquire(fd, lock_path, wait_s)
            yield
        finally:
            os.close(fd)  # closing the descriptor drops the lock
    finally:
        if holder is not None:
            write_gate.release(store, holder)


def _acquire(fd: int, lock_path: Path, wait_s: float) -> None:
    deadline = time.monotonic() + wait_s
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return
        except BlockingIOError:
            if time.monotonic() >= deadline:
                raise StorageError(
                    f"another Abzu process has been migrating {lock_path.parent} for over "
                    f"{wait_s:.0f} s; try again, or remove {lock_path} if none is running"
                ) from None
            time.sleep(POLL_S)
