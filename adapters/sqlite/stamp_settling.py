"""Applying the deferred recall stamps (recall_stamps.py) in their own short write transaction.

Used where no write transaction is at hand: before a read-only unit of work shows what the
stamps change (status, show, export), and after a recall that found the spool due. Best effort:
the write gate is not waited for and the busy wait is brief (`synchronous=NORMAL`: a stamp lost
to a power cut costs nothing); a busy or read-only store leaves the spool for the next taker.
"""

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from abzu.adapters.sqlite.busy import is_busy
from abzu.adapters.sqlite.db import DbSource, StoreConnection, cause, is_operational
from abzu.adapters.sqlite.recall_stamps import StampSpool, apply_stamps, read_stamps

# A brief wait, and no fsync: a stamp lost to a busy store or a power cut costs nothing.
_RELAXED = {"busy_timeout": 50, "synchronous": "NORMAL"}


def spool_of(source: object) -> StampSpool | None:
    """The stamp spool beside a store's file; None for a store without one (in memory)."""
    path = getattr(source, "path", None)
    if not path or str(path) == ":memory:":
        return None
    return StampSpool.beside(Path(path))


def settle(source: DbSource, spool: StampSpool) -> bool:
    """True when nothing is left waiting (applied, or nothing to apply)."""
    if not spool.pending():
        return True
    taken: list[Path] = []
    with relaxed(source) as conn:
        try:
            conn.begin(read_only=False, try_gate=True)  # a reader never queues for the gate
            taken = spool.take()
            apply_stamps(conn, read_stamps(taken))
            conn.commit()
        except Exception as exc:  # any OperationalError (busy, read-only, disk)
            if not is_operational(exc):
                raise
            from abzu.adapters.lazy_log import abzu_log  # a recall that writes no line loads no logging

            abzu_log().debug("recall stamps left for later: %s",
                             "busy" if is_busy(exc) else cause(exc))
            return False
    StampSpool.done(taken)
    return True


@contextmanager
def relaxed(source: DbSource) -> Iterator[StoreConnection]:
    """A connection for a stamp write: brief busy wait, `synchronous=NORMAL`; whatever is left
    open is rolled back and the pooled connection goes back with its own pragmas."""
    conn = source.open_connection()
    saved = [(p, conn.pragma(p)) for p in _RELAXED]
    for pragma, value in _RELAXED.items():
        conn.pragma(f"{pragma}={value}")
    try:
        yield conn
    finally:
        conn.rollback()
        for pragma, value in saved:
            conn.pragma(f"{pragma}={value}")
        conn.close()
