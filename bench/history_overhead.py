"""What the history events (memory_events triggers, issue 15) add to `remember` latency.

    cd bench && ../.venv/bin/python history_overhead.py              # 300 remembers per round
    cd bench && ../.venv/bin/python history_overhead.py --n 1000

Two temporary homes, filled alike (bench/fill_store.py, 10,000 beads + 1,000 candidates); in one
the event triggers are dropped. Remembers alternate between the homes in rounds (so machine load
hits both alike), each through the real container and the Remember use case, in process: the
figure is the ratio of medians in the same run, not an absolute time; wall and this process's CPU
time (the one load disturbs least). The home without events
also skips naming the writer (the unit of work's event_actor row, w0004/s0009).
"""

import argparse
import sqlite3
import statistics
import tempfile
import time
from contextlib import closing
from pathlib import Path

from baseline import machine, python_pass_ms
from fill_store import fill

from abzu.application.remember import RememberRequest
from abzu.entrypoints.settings import Settings
from abzu.entrypoints.wiring.container import Container, build_container


def drop_event_triggers(home: Path) -> None:
    for db in ("wisdom.db", "abzu.db"):
        with closing(sqlite3.connect(home / db)) as conn:
            query = "SELECT name FROM sqlite_master WHERE type = 'trigger' AND instr(name, '_ev_') > 0"
            names = [r[0] for r in conn.execute(query)]
            for name in names:
                conn.execute(f"DROP TRIGGER {name}")
            conn.commit()


def timed_remember(container: Container, text: str) -> tuple[float, float]:
    """Wall and CPU (this process's) time of one remember: CPU is what load disturbs least."""
    start, cpu = time.perf_counter(), time.process_time()
    container.remember().execute(RememberRequest(text, "learning")).unwrap()
    return time.perf_counter() - start, time.process_time() - cpu


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=300)
    args = parser.parse_args()
    print(f"at the start: {machine()}")
    with tempfile.TemporaryDirectory() as tmp:
        homes = {label: fill(Path(tmp) / label, beads=10_000, candidates=1_000)
                 for label in ("with events", "without")}
        drop_event_triggers(homes["without"].home)
        containers = {label: build_container(Settings(home=f.home), cwd=f.repo) for label, f in homes.items()}
        containers["without"].config.actor.override("")  # nor the writer's name (event_actor)
        times: dict[str, list[tuple[float, float]]] = {label: [] for label in homes}
        for i in range(args.n):
            for label, container in containers.items():
                text = f"Bench note {i}: retry step {i * 7} on {label}"
                times[label].append(timed_remember(container, text))
        for container in containers.values():
            container.shutdown_resources()
    medians = {label: statistics.median(w for w, _ in t) * 1000 for label, t in times.items()}
    cpus = {label: statistics.median(c for _, c in t) * 1000 for label, t in times.items()}
    base = python_pass_ms()
    for label, ms in medians.items():
        print(f"{label:12} median {ms:7.2f} ms  CPU {cpus[label]:6.2f} ms  "
              f"(n={args.n}; {ms / base:.3f}x python3 -c pass)")
    print(f"ratio with/without events: {medians['with events'] / medians['without']:.3f} wall, "
          f"{cpus['with events'] / cpus['without']:.3f} CPU")
    print(f"python3 -c pass {base:.1f} ms (median of 7, right after); {machine()}")


if __name__ == "__main__":
    main()
