"""Benchmark: where one `abzu remember - --category decision` spends its time (issue 13), by
phase, wall and CPU, each run a new process on a 10k-bead store (built as cli_latency.py does).

Phases, in the order a remember runs them:
- `start`: interpreter start, argument parsing, the imports and wiring up to `Remember.answer`;
- `redaction import`: the redaction package (imported on the first text);
- `draft`: validation, private spans, redaction of the text, its hash;
- `plan`: the read phase (project, exact duplicate, near-duplicate full-text search);
- `write`: the write gate, the insert, and the commit (`commit` alone: its fsync);
- `rest`: printing and interpreter exit (from `answer`'s return to the process's end).

Each phase's wall is read with `perf_counter` and its CPU with `process_time` inside the child,
around the same functions the CLI calls (wrapped, not changed); `total` is measured from outside,
with the child's user+system CPU, as cli_latency.py does. Prints JSON (medians, ms).

    .venv/bin/python bench/remember_phases.py [--beads 10000] [--runs 20] [--base main]
"""

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from cli_latency import code_variants, setup
from hook_latency import pct

PY = sys.executable

# The child: wraps the use case's steps, then runs the `abzu` launcher as the CLI would.
CHILD = r"""
import time
T0 = (time.perf_counter(), time.process_time())
import atexit, importlib, json, os, sys
marks = {}

def timed(name, call):
    start = (time.perf_counter(), time.process_time())
    try:
        return call()
    finally:
        wall, cpu = time.perf_counter() - start[0], time.process_time() - start[1]
        old = marks.get(name, (0.0, 0.0))
        marks[name] = (old[0] + wall, old[1] + cpu)

import abzu.application.remember as remember
import abzu.adapters.sqlite.unit_of_work as uow_module
Remember, draft_of = remember.Remember, remember.draft_of
answer, plan, write = Remember.answer, Remember._plan, Remember._write
commit = uow_module.SqliteUnitOfWork.commit

def draft(*args, **kwargs):
    timed("redaction import", lambda: importlib.import_module("abzu.domain.redaction"))
    return timed("draft", lambda: draft_of(*args, **kwargs))

def answered(self, request):
    marks["start"] = (time.perf_counter() - T0[0], time.process_time() - T0[1])
    done = timed("answer", lambda: answer(self, request))
    marks["after"] = (time.perf_counter(), time.process_time())
    return done

remember.draft_of = draft
Remember.answer = answered
Remember._plan = lambda self, *a: timed("plan", lambda: plan(self, *a))
uow_module.SqliteUnitOfWork.commit = lambda self: timed("commit", lambda: commit(self))

def report():
    after = marks.pop("after")
    marks["rest"] = (time.perf_counter() - after[0], time.process_time() - after[1])
    os.write(int(os.environ["PHASES_FD"]), json.dumps(marks).encode())

atexit.register(report)
sys.argv = ["abzu", "remember", "-", "--category", "decision"]
from abzu.entrypoints.launcher import main
main()
"""


def run_once(i: int, repo: Path, env: dict[str, str], tag: str = "") -> dict[str, tuple[float, float]]:
    read, write = os.pipe()
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run([PY, "-c", CHILD], input=f"Phase note {tag}{i}: cache layer {i}", text=True,
                          capture_output=True, cwd=repo, env={**env, "PHASES_FD": str(write)},
                          pass_fds=(write,), check=False)
    total = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    os.close(write)
    with os.fdopen(read, "rb") as pipe:
        marks = json.loads(pipe.read() or b"{}")
    assert done.returncode == 0 and marks, done.stderr
    marks["total"] = (total, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return marks


def phases(marks: dict[str, tuple[float, float]]) -> dict[str, tuple[float, float]]:
    """The answer's time less its parts is the write (gate, insert, commit)."""
    parts = ("redaction import", "draft", "plan")
    write = tuple(marks["answer"][k] - sum(marks[p][k] for p in parts) for k in (0, 1))
    return {**{p: marks[p] for p in ("start", *parts)}, "write": (write[0], write[1]),
            "commit": marks.get("commit", (0.0, 0.0)), "rest": marks["rest"], "total": marks["total"]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--beads", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--base", help="git ref to compare with (e.g. main), interleaved")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="abzu-remember-phases-") as name:
        repo, env = setup(Path(name), args.beads)
        variants = code_variants(env, Path(name), None, args.base)
        for variant, where in variants.items():
            run_once(-1, repo, where, variant)  # warm-up: bytecode, page cache
        load = os.getloadavg()[0]
        runs: dict[str, list[dict[str, tuple[float, float]]]] = {v: [] for v in variants}
        for i in range(args.runs):
            for variant, where in variants.items():
                runs[variant].append(phases(run_once(i, repo, where, variant)))
    print(json.dumps({"beads": args.beads, "runs": args.runs, "base": args.base,
                      "load_1min": [round(load, 2), round(os.getloadavg()[0], 2)],
                      **{variant: medians(done) for variant, done in runs.items()}}, indent=2))


def medians(runs: list[dict[str, tuple[float, float]]]) -> dict[str, dict[str, float]]:
    return {phase: {"wall_p50_ms": round(pct([r[phase][0] for r in runs], .5), 1),
                    "cpu_p50_ms": round(pct([r[phase][1] for r in runs], .5), 1)}
            for phase in runs[0]}


if __name__ == "__main__":
    main()
