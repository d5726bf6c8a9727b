"""The interleaved round loop the process benches share (cli_latency, background_idle,
before_after): every command of every variant once per round, each as a new process, so machine
load hits them alike; `floor` is `python -c pass` on the variant's interpreter.

Reports p50/p99 wall, CPU p50 (the child's user+system time) and the ratio of p50 to the floor's
p50 over every variant, measured in the same run.
"""

import resource
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from hook_latency import background_done, pct

Stdin = Callable[[int], str]  # the stdin of run i
Command = tuple[list[str], Stdin]  # abzu's arguments, its stdin
Report = dict[str, dict[str, dict[str, float]]]
FLOOR = "floor"


@dataclass(frozen=True)
class Variant:
    env: dict[str, str]
    repo: Path  # the working directory (the project the data home knows)
    python: str = sys.executable


def timed(argv: list[str], stdin: str, repo: Path, env: dict[str, str]) -> tuple[float, float]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(argv, input=stdin, capture_output=True, text=True, cwd=repo, env=env, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    assert done.returncode == 0, (argv, done.stderr)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def summary(walls: list[float], cpus: list[float], floor: float) -> dict[str, float]:
    p50 = pct(walls, .5)
    return {"p50_ms": round(p50, 1), "p99_ms": round(pct(walls, .99), 1),
            "cpu_p50_ms": round(pct(cpus, .5), 1), "x_floor_p50": round(p50 / floor, 1)}


def rounds(variants: dict[str, Variant], table: dict[str, Command], runs: int, *,
           await_background: bool = True) -> Report:
    """`await_background`: wait for the detached work a command started, outside the timing."""
    samples: dict[tuple[str, str], tuple[list[float], list[float]]] = {}
    warm_up(variants, table, await_background)
    for i in range(runs):
        print(f"round {i + 1}/{runs}", file=sys.stderr, flush=True)
        for variant, where in variants.items():
            for name in [FLOOR, *table]:
                argv, stdin = ([where.python, "-c", "pass"], "") if name == FLOOR else (
                    [where.python, "-m", "abzu.entrypoints.launcher", *table[name][0]], table[name][1](i))
                wall, cpu = timed(argv, stdin, where.repo, where.env)
                walls, cpus = samples.setdefault((variant, name), ([], []))
                walls.append(wall)
                cpus.append(cpu)
                if await_background:
                    background_done(where.repo)
    return report(samples)


def warm_up(variants: dict[str, Variant], table: dict[str, Command], await_background: bool) -> None:
    """One untimed round: each tree's bytecode cache is written before anything is timed."""
    for where in variants.values():
        for argv, stdin in table.values():
            argv = [where.python, "-m", "abzu.entrypoints.launcher", *argv]
            timed(argv, stdin(999_999), where.repo, where.env)
            if await_background:
                background_done(where.repo)


def report(samples: dict[tuple[str, str], tuple[list[float], list[float]]]) -> Report:
    floor = pct([w for (_, n), (ws, _) in samples.items() if n == FLOOR for w in ws], .5)
    out: Report = {}
    for (variant, name), (walls, cpus) in samples.items():
        out.setdefault(variant, {})[name] = summary(walls, cpus, floor)
    return out
