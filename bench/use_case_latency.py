"""Benchmark: the memory use cases' own start-up (issue 13 item 1), without the CLI front.

Each run is a new process that builds `MemoryUseCases.open(cwd)` and runs one recall against an
existing data home (stores at head), interleaved with `python -c pass` (the floor) and, with
--base REF, the same probe on Abzu as of git REF (exported, first on PYTHONPATH). Reports wall
and CPU p50 and the modules loaded, including any of the heavy libraries the lean path avoids.

    .venv/bin/python bench/use_case_latency.py --home ~/.enki [--runs 15] [--base main]
"""

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from cli_latency import export_base

PROBE = """
import json, sys
from pathlib import Path
from abzu.application.recall import RecallRequest
from abzu.entrypoints.wiring.memory import MemoryUseCases
MemoryUseCases.open(Path.cwd()).recall().execute(RecallRequest(query="sqlite"))
heavy = {"sqlalchemy", "dependency_injector", "pydantic", "pydantic_core", "pydantic_settings", "alembic"}
print(json.dumps([len(sys.modules), sorted({m.split(".")[0] for m in sys.modules} & heavy)]))
"""


def run_once(argv: list[str], env: dict[str, str]) -> tuple[float, float, str]:
    before, start = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
    done = subprocess.run(argv, env=env, check=True, capture_output=True, text=True)
    wall, after = time.perf_counter() - start, resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return wall * 1000, cpu * 1000, done.stdout.strip()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--home", type=Path, required=True)
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--base")
    args = parser.parse_args()
    variants = {"floor": ([sys.executable, "-c", "pass"], ""), "this": ([sys.executable, "-c", PROBE], "")}
    if args.base:
        exported = export_base(args.base, Path(tempfile.mkdtemp()))
        variants["base"] = ([sys.executable, "-c", PROBE], str(exported))
    found: dict[str, list[tuple[float, float, str]]] = {name: [] for name in variants}
    load = [os.getloadavg()[0]]
    for _ in range(args.runs):
        for name, (argv, path) in variants.items():
            env = dict(os.environ, ABZU_HOME=str(args.home), PYTHONPATH=path)
            found[name].append(run_once(argv, env))
    load.append(os.getloadavg()[0])
    floor = statistics.median(w for w, _, _ in found["floor"])
    print(json.dumps({"load_1min": load, **{name: {
        "wall_p50_ms": round(statistics.median(w for w, _, _ in runs), 1),
        "cpu_p50_ms": round(statistics.median(c for _, c, _ in runs), 1),
        "x_floor": round(statistics.median(w for w, _, _ in runs) / floor, 1),
        "modules_heavy": runs[-1][2] or None} for name, runs in found.items()}}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
