"""The busy policy: a busy store is retried, the whole unit of work, with jitter, to a deadline.

SQLite's own busy handler is not first-come-first-served: under many writers some waiters
starve until their timeout and the write is lost. So each attempt waits only briefly inside
SQLite (`connect.BUSY_TIMEOUT_MS`), and a failed attempt is rolled back and re-run from the start after
a random, growing pause, which spreads the contenders out. A unit of work that has still not
landed at the deadline raises `StoreBusy` (one line for the user, never a driver's text).
"""

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from abzu.adapters.sqlite.connect import StorageError
from abzu.adapters.sqlite.db import cause, is_operational

T = TypeVar("T")
DEADLINE_S = 30.0


class StoreBusy(StorageError):
    """Other Abzu processes kept the store locked past the deadline."""


def is_read_only(exc: BaseException) -> bool:
    """A wrapped error (a migration's, through SQLAlchemy) is looked through (`db.cause`)."""
    return is_operational(exc) and "readonly database" in str(cause(exc))


def is_busy(exc: BaseException) -> bool:
    if not is_operational(exc):
        return False
    text = str(cause(exc))
    return "database is locked" in text or "database is busy" in text or "busy" in text


@dataclass(frozen=True, slots=True)
class BusyPolicy:
    deadline_s: float = DEADLINE_S
    first_pause_s: float = 0.005
    max_pause_s: float = 0.25
    sleep: Callable[[float], None] = time.sleep
    monotonic: Callable[[], float] = time.monotonic

    def run(self, attempt: Callable[[], T]) -> T:
        """`attempt` must be a whole unit of work: nothing of a failed attempt is committed."""
        deadline, pause = self.monotonic() + self.deadline_s, self.first_pause_s
        while True:
            try:
                return attempt()
            except Exception as exc:  # a busy OperationalError is retried; the rest is re-raised
                if is_read_only(exc):
                    raise StorageError(
                        "the data home is read-only: memories can be recalled, not stored"
                    ) from exc
                if not is_busy(exc):
                    raise
                if self.monotonic() >= deadline:
                    raise StoreBusy(
                        f"the memory store stayed busy for {self.deadline_s:.0f} s "
                        "(other Abzu processes are writing); try again"
                    ) from exc
            import random  # only when busy: most units of work never wait

            self.sleep(random.uniform(0, pause))  # full jitter: contenders spread out
            pause = min(pause * 2, self.max_pause_s)
