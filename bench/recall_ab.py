"""Recalls only, on a store that `recall_latency.py --keep DIR` built: CPU and wall time per recall.

    .venv/bin/python bench/recall_latency.py --n 100000 --keep /tmp/abzu-bench   # build once
    .venv/bin/python bench/recall_ab.py --n 100000 --keep /tmp/abzu-bench
    PYTHONPATH=/tmp/base-pkg .venv/bin/python bench/recall_ab.py --n 100000 --keep /tmp/abzu-bench

For A/B runs in one window on a loaded machine: no fill and no raw-FTS reference (at 1M under load
that alone takes minutes), so two codes can be alternated several times. `/tmp/base-pkg/abzu/<layer>`
symlinked to another checkout's layer folders makes the second line time that checkout's code
(the bench itself stays this one). The queries are drawn from the bench's vocabulary with their
own seed, so they do not need the million synthetic rows drawn first; the mix is the same.
"""

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

from recall_latency import PROJECTS, Vocabulary, distinct_queries, percentile

from abzu.application.recall import RecallRequest
from abzu.entrypoints.settings import Settings
from abzu.entrypoints.wiring.container import build_container


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=100_000)
    parser.add_argument("--keep", type=Path, required=True, help="the folder given to recall_latency --keep")
    parser.add_argument("--queries", type=int, default=400)
    parser.add_argument("--seed", type=int, default=42)
    args = parser.parse_args(argv)
    root = args.keep / f"n{args.n}-seed{args.seed}"
    vocab = Vocabulary.build(random.Random(args.seed))
    asked = distinct_queries(random.Random(args.seed + 1), vocab, args.queries + 10)
    container = build_container(Settings(home=root / "home", semantic=False), cwd=root / PROJECTS[0])
    recall = container.recall()
    for query in asked[:10]:  # warm-up: connections, statements
        recall.execute(RecallRequest(query))
    cpu, wall = [], []
    for query in asked[10:]:
        w, c = time.perf_counter(), time.process_time()
        recall.execute(RecallRequest(query))
        cpu.append((time.process_time() - c) * 1000)
        wall.append((time.perf_counter() - w) * 1000)
    container.shutdown_resources()
    print(f"n={args.n:,} CPU p50 {percentile(cpu, 50):.2f} p95 {percentile(cpu, 95):.2f} "
          f"mean {statistics.mean(cpu):.2f} ms | wall p50 {percentile(wall, 50):.2f} "
          f"p95 {percentile(wall, 95):.2f} ms | load {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
