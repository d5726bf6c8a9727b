"""Loading many memories: the bulk path (RememberMany, one transaction per batch) against
remembering one at a time (one transaction each). Real SQLite files in a temporary data home.

    .venv/bin/python bench/bulk_remember.py [--turns 3000] [--one-by-one 300] [--store 10000]

The texts are the turns of the SYNTHETIC benchmark (bench/locomo_synthetic.py, seed 7), written
as `abzu eval` writes them (speaker and date with each), all into one project.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from abzu.adapters.locomo.reader import JsonLocomoReader
from abzu.application.evaluation.turn_memory import remember_request
from abzu.application.remember import RememberRequest
from abzu.domain.dedup import DedupOutcome
from abzu.entrypoints.settings import Settings
from abzu.entrypoints.wiring.container import build_container


def turns(count: int) -> list[RememberRequest]:
    with tempfile.TemporaryDirectory() as folder:
        path = f"{folder}/synthetic.json"
        conversations = str(count // 600 + 1)
        subprocess.run([sys.executable, str(Path(__file__).with_name("locomo_synthetic.py")), path,
                        "--conversations", conversations], check=True, capture_output=True)
        dataset = JsonLocomoReader().read(path).unwrap()
    return [remember_request(t, "bench") for s in dataset.samples for t in s.turns][:count]


def timed_bulk(requests: list[RememberRequest], *, created: bool = False,
               before: list[RememberRequest] | None = None) -> dict[str, float]:
    """`created`: the two stores are created (migrated) before the clock starts, so the figure
    is the import's own; otherwise their creation (a fixed ~0.5 s CPU, Alembic) is in it.
    `before`: imported first, untimed (a store that already holds memories)."""
    with tempfile.TemporaryDirectory() as home:
        container = build_container(Settings(home=Path(home)), cwd=Path(home))
        if created:
            with container.plain_uow() as uow:
                uow.connection("wisdom"), uow.connection("staging")
        if before:
            container.sessions.remember_many().execute(before)
        started, cpu = time.perf_counter(), time.process_time()
        done = container.sessions.remember_many().execute(requests)
        seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
        container.shutdown_resources()
    return {"items": len(requests), "seconds": round(seconds, 2), "cpu_seconds": round(cpu, 2),
            "per_item_ms": round(seconds * 1000 / len(requests), 2),
            "per_cpu_second": round(len(requests) / cpu), "per_second": round(len(requests) / seconds),
            "stored": done.count(DedupOutcome.STORED), "superseded": done.count(DedupOutcome.SUPERSEDED),
            "duplicates": done.count(DedupOutcome.SKIPPED_DUPLICATE)}


def timed_one_by_one(requests: list[RememberRequest]) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as home:
        container = build_container(Settings(home=Path(home)), cwd=Path(home))
        remember = container.remember()
        started, cpu = time.perf_counter(), time.process_time()
        for request in requests:
            remember.execute(request)
        seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
        container.shutdown_resources()
    return {"items": len(requests), "seconds": round(seconds, 2), "cpu_seconds": round(cpu, 2),
            "per_item_ms": round(seconds * 1000 / len(requests), 2)}


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--turns", type=int, default=3000)
    parser.add_argument("--one-by-one", type=int, default=300, help="how many to remember one at a time")
    parser.add_argument("--store", type=int, default=0,
                        help="also: the same turns into a store already holding this many other turns")
    args = parser.parse_args()
    requests = turns(args.turns + args.store)
    held, requests = requests[: args.store], requests[args.store:]
    print(f"load average {os.getloadavg()[0]:.1f}; floor: time python3 -c pass in the same run")
    figures = {"bulk (RememberMany)": timed_bulk(requests),
               "bulk, stores created first": timed_bulk(requests, created=True),
               "one by one (Remember)": timed_one_by_one(requests[: args.one_by_one])}
    if held:
        figures[f"bulk, into a store holding {len(held)}"] = timed_bulk(requests, created=True, before=held)
    print(json.dumps(figures, indent=2))


if __name__ == "__main__":
    main()
