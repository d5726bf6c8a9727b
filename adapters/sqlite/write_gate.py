"""The write gate: Abzu's writers wait their turn, first come first served, in the kernel.

SQLite's busy handler sleeps and polls (1, 2, 5 … 100 ms naps), so under many writers a
newcomer often finds the lock free while an old waiter sleeps: some writers starve until their
deadline. A plain `flock` queue is better (waiters sleep in the kernel) but still not fair: its
release wakes every waiter and the first one scheduled wins. So the gate is a ticket queue:
each writer draws a number from a counter in `write.lock` (beside the stores) and holds a
one-byte lock at its number; it then waits for the byte of the number before its own, which
only its predecessor holds. A release wakes exactly the next in line.

- One gate for both stores: a remember touches wisdom.db and abzu.db, and two per-store gates
  taken in use order could deadlock (A holds wisdom and wants staging, B the other way round).
- Re-entrant within a thread: a unit of work opening its second store does not wait on itself.
- Bounded: a wait longer than `timeout` gives up with `GateBusy` (an `sqlite3.OperationalError`
  saying "database is locked"), so the busy policy retries or spools it like any busy store;
  the abandoned place in line is kept until its predecessor is done, so the queue never breaks.
- A killed holder never blocks anyone: the kernel drops its locks with its descriptors. (A
  writer killed while waiting lets its successor in early: SQLite's own lock still serialises
  them, the gate only orders them.)
- Readers never take it (WAL readers need no lock). Linux byte locks are open-file-description
  locks (per descriptor, so threads queue too); elsewhere the gate is a plain `flock`.
Standard library only: the light (sqlite3) units of work call `write_gate(path)` too.
"""

import fcntl
import os
import sqlite3
import struct
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

LOCK_NAME = "write.lock"
# As long as the busy policy's whole deadline (busy.DEADLINE_S): a writer that gave up its place
# would rejoin at the back of the line, so it waits once, in line, for the whole of it.
WAIT_S = 30.0
_FILE_MODE = 0o600  # the data home is private (adapters/private_files.py)
_TICKETS = 1 << 30  # places in line, reused in a ring; the counter is 8 bytes at offset 0
_FIRST_PLACE = 8
_OFD = hasattr(fcntl, "F_OFD_SETLKW")
_Step = Callable[[], object]


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
    if _enter(fd, timeout if wait else 0.0):
        with _held_mutex:
            _held[key] = (fd, 1)
        return key[1]
    if not wait:
        return None
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
    os.close(fd)  # closing the only descriptor of this open file drops all its locks


@contextmanager
def write_gate(store: Path, timeout: float = WAIT_S) -> Iterator[None]:
    """Around one write transaction: `with write_gate(db): BEGIN IMMEDIATE … COMMIT`."""
    acquire(store, timeout)
    try:
        yield
    finally:
        release(store)


def _enter(fd: int, timeout: float) -> bool:
    """True once `fd` holds the gate. False: `fd` was closed, or handed to the helper thread
    that keeps the abandoned place in line and closes it when its turn comes."""
    if not _OFD:
        return _wait(fd, timeout, lambda: fcntl.flock(fd, fcntl.LOCK_EX), lambda: _try_flock(fd))
    place = _draw_ticket(fd, only_if_free=timeout <= 0)
    if place is None:  # asked not to wait, and someone is in line: no number drawn
        os.close(fd)
        return False
    previous = _byte_of(place - 1)
    return _wait(fd, timeout, lambda: _byte_lock(fd, previous, wait=True),
                 lambda: _byte_lock(fd, previous, wait=False))


def _draw_ticket(fd: int, *, only_if_free: bool) -> int | None:
    """Under a short flock: read the counter, hold the byte of our number, move the counter on.
    Our byte is held before anyone can draw the next number, so our successor waits for us."""
    fcntl.flock(fd, fcntl.LOCK_EX)
    try:
        raw = os.pread(fd, 8, 0)
        place = int.from_bytes(raw, "little") % _TICKETS if len(raw) == 8 else 0
        if only_if_free and not _byte_lock(fd, _byte_of(place - 1), wait=False):
            return None
        _byte_lock(fd, _byte_of(place), wait=False)
        os.pwrite(fd, ((place + 1) % _TICKETS).to_bytes(8, "little"), 0)
        return place
    finally:
        fcntl.flock(fd, fcntl.LOCK_UN)


def _byte_of(place: int) -> int:
    return _FIRST_PLACE + place % _TICKETS


def _byte_lock(fd: int, offset: int, *, wait: bool) -> bool:
    command = fcntl.F_OFD_SETLKW if wait else fcntl.F_OFD_SETLK
    request = struct.pack("@hhqqi4x", fcntl.F_WRLCK, os.SEEK_SET, offset, 1, 0)
    try:
        fcntl.fcntl(fd, command, request)
        return True
    except (BlockingIOError, PermissionError):
        return False


def _try_flock(fd: int) -> bool:
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return True
    except BlockingIOError:
        return False


def _wait(fd: int, timeout: float, block: _Step, try_once: _Step) -> bool:
    if try_once():
        return True
    if timeout <= 0:
        os.close(fd)  # our place in line goes with it: the successor only waited on us
        return False
    if _alarm_is_free():
        return _wait_here(fd, timeout, block, try_once)
    return _wait_in_helper(fd, timeout, block)


class _TimedOut(Exception):
    """Raised by the SIGALRM handler into the main thread's blocking wait."""


_armed = {"now": False}  # the handler raises only while a wait is armed, and only once


def _expire(_signum: int, _frame: object) -> None:
    if _armed["now"]:
        _armed["now"] = False
        raise _TimedOut


def _alarm_is_free() -> bool:
    """The main thread, and nobody else's SIGALRM handler (pytest-timeout's, say) to disturb."""
    import signal  # here: only a writer that waits needs it (~0.8 ms of every remember's start)

    return (threading.current_thread() is threading.main_thread()
            and signal.getsignal(signal.SIGALRM) == signal.SIG_DFL)


def _wait_here(fd: int, timeout: float, block: _Step, try_once: _Step) -> bool:
    """Blocked in the kernel in this thread, woken by the predecessor's release itself: a helper
    thread costs a thread start and a second wake-up on every hand-over, and under load each
    wake-up waits for a CPU while the whole line stands still (32 writers: 19 to 32 writes/s).
    A timer's SIGALRM ends a wait that outlives `timeout`; one that lands as the lock arrives is
    told apart by asking the lock again (this descriptor already holding it: granted at once)."""
    import signal

    signal.signal(signal.SIGALRM, _expire)
    try:
        _armed["now"] = True
        signal.setitimer(signal.ITIMER_REAL, timeout)
        block()
        _armed["now"] = False
        got = True
    except _TimedOut:
        got = bool(try_once())
    finally:
        _armed["now"] = False
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, signal.SIG_DFL)
    if not got:  # keep the place in line until the predecessor is done, as a helper would
        threading.Thread(target=_then_close, args=(block, fd), name="abzu-write-gate", daemon=True).start()
    return got


def _then_close(block: _Step, fd: int) -> None:
    block()
    os.close(fd)


def _wait_in_helper(fd: int, timeout: float, block: _Step) -> bool:
    """A blocking lock cannot time out, so a helper thread waits in the kernel while this one
    waits at most `timeout` for it. A helper that gets the lock after we gave up closes `fd`
    at once, which passes the turn on (the descriptor is its own from then on)."""
    state = {"abandoned": False, "got": False}
    mutex = threading.Lock()

    def helper() -> None:
        block()
        with mutex:
            state["got"] = not state["abandoned"]
            if state["abandoned"]:
                os.close(fd)

    thread = threading.Thread(target=helper, name="abzu-write-gate", daemon=True)
    thread.start()
    thread.join(timeout)
    with mutex:
        state["abandoned"] = not state["got"]
        return state["got"]

