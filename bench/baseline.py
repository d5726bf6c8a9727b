"""What the machine gives right now, for benches on a shared, loaded machine: the median wall time
of `python3 -c pass` (this interpreter, sys.executable, not a pyenv shim: an interpreter start,
the cheapest process a user could wait on) and the load average. A bench prints its figures
beside both, measured in the same run."""

import os
import statistics
import subprocess
import sys
import time


def python_pass_ms(runs: int = 7) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], check=True)  # the same interpreter, no shim
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def machine() -> str:
    return f"load average {os.getloadavg()[0]:.2f}, {os.cpu_count()} CPUs"
