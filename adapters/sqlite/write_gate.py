"""The write gate: Abzu's writers queue in the kernel for one lock file per data home.

SQLite's busy handler sleeps and polls (1, 2, 5 … 100 ms naps), so under many writers a
newcomer often finds the lock free while an old waiter sleeps: some writers starve until their
deadline. Here every writing transaction first takes an exclusive `flock` on `write.lock`
beside the stores and releases it once the transaction is over: waiters sleep in the kernel,
which wakes them the moment the holder lets go, and nobody spins on the database.

- One lock for both stores: a remember touches wisdom.db and abzu.db, and two per-store locks
  taken in use order could deadlock (A holds wisdom and wants staging, B the other way round).
- Re-entrant within a thread: a unit of work opening its second store does not wait on itself.
- Bounded: a wait longer than `timeout` gives up with `GateBusy` (an `sqlite3.OperationalError`
  saying "database is locked"), so the busy policy retries or spools it like any busy store.
- A killed holder never blocks anyone: the kernel drops its lock with its descriptors.
- Readers never take it (WAL readers need no lock).
Standard library only: the light (sqlite3) units of work call `write_gate(path)` too.
"""

import fcntl
import os
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

LOCK_NAME = "write.lock"
WAIT_S = 10.0
_FILE_MODE = 0o600  # the data home is private (adapters/private_files.py)


class GateBusy(sqlite3.OperationalError):
    """The gate stayed taken for the whole wait; treated exactly like a busy store."""


# (lock path, thread id) -> (descriptor, depth). Keyed by thread, not thread-local, so a
# connection returned to its pool from another thread still releases its writer's hold.
_held: dict[tuple[Path, int], tuple[int, int]] = {}
_held_mutex = threading.Lock()


def lock_path(store: Path) -> Path:
    """The gate of the data home `store` lives in (both stores share it)."""
    return store.with_name(LOCK_NAME)


def acquire(store: Path, timeout: float = WAIT_S, *, wait: bool = True) -> int | None:
    """Takes the gate, or deepens this thread's hold; returns the holder's id for `release`.
    None only when `wait` is False and the gate is taken; GateBusy when waiting ran out."""
    key = (lock_path(store), threading.get_ident())
    with _held_mutex:
        if key in _held:
            fd, depth = _held[key]
            _held[key] = (fd, depth + 1)
            return key[1]
    fd = os.open(key[0], os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, _FILE_MODE)
    if _try_lock(fd) or (wait and _wait_lock(fd, timeout)):
        with _held_mutex:
            _held[key] = (fd, 1)
        return key[1]
    if not wait:
        os.close(fd)
        return None
    # The descriptor now belongs to the abandoned helper thread, which closes it.
    raise GateBusy(f"database is locked: other Abzu writers held {key[0]} for {timeout:.0f} s")


def release(store: Path, holder: int | None = None) -> None:
    """Undoes one `acquire` (of `holder`, default this thread); the last one drops the lock.
    A gate not held is a no-op."""
    key = (lock_path(store), threading.get_ident() if holder is None else holder)
    with _held_mutex:
        if key not in _held:
            return
        fd, depth = _held.pop(key)
        if depth > 1:
            _held[key] = (fd, depth - 1)
            return
    os.close(fd)  # closing the only descriptor of this open file drops its flock


def holds(store: Path) -> bool:
    return (lock_path(store), threading.get_ident()) in _held


@contextmanager
def write_gate(store: Path, timeout: float = WAIT_S) -> Iterator[None]:
    """Around one write transaction: `with write_gate(db): BEGIN IMMEDIATE … COMMIT`."""
    acquire(store, timeout)
    try:
        yield
    finally:
        release(store)


def _try_lock(fd: int) -> bool:
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return True
    except BlockingIOError:
        return False


def _wait_lock(fd: int, timeout: float) -> bool:
    """A blocking flock cannot time out, so a helper thread waits in the kernel while this one
    waits at most `timeout` for it. A helper that gets the lock after we gave up drops it at
    once by closing `fd`, which is then its own (the caller opens a new one for any retry:
    sharing one open file would let the helper unlock a later holder)."""
    state = {"abandoned": False, "got": False}
    mutex = threading.Lock()

    def wait() -> None:
        fcntl.flock(fd, fcntl.LOCK_EX)
        with mutex:
            state["got"] = not state["abandoned"]
            if state["abandoned"]:
                os.close(fd)

    helper = threading.Thread(target=wait, name="abzu-write-gate", daemon=True)
    helper.start()
    helper.join(timeout)
    with mutex:
        state["abandoned"] = not state["got"]
        return state["got"]
