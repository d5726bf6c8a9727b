"""Server-side time of each `abzu ui` page on a store of 10,000 beads (issue 18: <= 200 ms).

    .venv/bin/python bench/ui_pages.py                 # 10,000 beads + 1,000 candidates
    .venv/bin/python bench/ui_pages.py --beads 100000 --runs 20
    .venv/bin/python bench/ui_pages.py --only /health /sessions   # some pages (and /ping)

The store is filled with bench/fill_store.py (seeded synthetic notes) in a temporary folder, never
the user's data home. Each page is requested through Starlette's TestClient in process (routing,
token cookie, the use cases, Jinja2 rendering; no network, no browser), after two warm-up
requests. `/ping` is a trivial route of the same app: the ratio says what the page itself costs
over the framework. `python3 -c pass` is timed in the same run, with the load average, because
the machine is shared.
"""

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from fill_store import fill
from starlette.testclient import TestClient

from abzu.entrypoints.settings import Settings
from abzu.entrypoints.web.app import build_app
from abzu.entrypoints.wiring.container import build_container

PAGES = ("/ping", "/search?q=sqlite+timeout&scope=all", "/search?q=cache", "/memory/b-bench0000042",
         "/staging", "/sessions", "/health")
# Fetched by the page's script after it is shown: one candidate's closest beads, the doctor.
FRAGMENTS = ("/staging/c-bench0000000/similar", "/health/doctor")


def timings(web: TestClient, path: str, runs: int) -> tuple[list[float], list[float]]:
    """Wall and CPU milliseconds per request, each sorted. CPU time (this process, the app's
    thread included) moves less than wall time when other jobs load the machine."""
    for _ in range(2):
        assert web.get(path).status_code == 200, path
    wall, cpu = [], []
    for _ in range(runs):
        start, start_cpu = time.perf_counter(), time.process_time()
        web.get(path)
        wall.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
    return sorted(wall), sorted(cpu)


def python_pass_ms() -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", "pass"], check=True)
    return (time.perf_counter() - start) * 1000


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--beads", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--only", nargs="*", help="only these paths (e.g. /health); /ping always")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        filled = fill(Path(tmp), beads=args.beads, candidates=max(args.beads // 10, 1))
        container = build_container(Settings(home=filled.home), cwd=filled.repo)
        web = TestClient(build_app(container, "bench"))
        web.get("/?token=bench")
        print(f"{filled.beads} beads, {filled.candidates} candidates; load average "
              f"{os.getloadavg()[0]:.2f}; python3 -c pass {python_pass_ms():.0f} ms")
        base = statistics.median(timings(web, "/ping", args.runs)[0])
        print(f"{'page':38} {'p50 ms':>7} {'p95 ms':>7} {'max ms':>7} {'CPU p50':>8} {'p50/ping':>9}")
        for path in [p for p in (*PAGES, *FRAGMENTS) if not args.only or p in args.only]:
            wall, cpu = timings(web, path, args.runs)
            p50, p95 = statistics.median(wall), wall[int(len(wall) * 0.95) - 1]
            print(f"{path:38} {p50:7.1f} {p95:7.1f} {wall[-1]:7.1f} {statistics.median(cpu):8.1f} "
                  f"{p50 / base:9.1f}")
        print(f"load average at the end {os.getloadavg()[0]:.2f}")
        container.shutdown_resources()


if __name__ == "__main__":
    main()
