"""Benchmark: the background `abzu recover` and `abzu finalize` with nothing to do (issue 13.5:
≤ 100 ms CPU), as CPU and wall beside `python -c pass` in the same run, interleaved.

A data home with --beads beads and ten finalised sessions and an empty hook journal (what a
session start finds after a clean exit); `recover` as the SessionStart hook starts it, and
`finalize` of a session finalised already. With --base REF the same commands on Abzu as of REF.

    .venv/bin/python bench/background_idle.py [--beads 10000] [--runs 15] [--base main] [--this HEAD]
"""

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path

from cli_latency import PY, export_base, setup, summary, timed
from hook_latency import pct

COMMANDS = {"recover": ["recover", "--exclude", "starting-now"], "finalize": ["finalize", "earlier-03"]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--beads", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--base")
    parser.add_argument("--this")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="abzu-idle-bench-") as name:
        tmp = Path(name)
        repo, env = setup(tmp, args.beads)
        variants = {"this": env if not args.this else
                    {**env, "PYTHONPATH": str(export_base(args.this, tmp / "t"))}}
        if args.base:
            variants["base"] = {**env, "PYTHONPATH": str(export_base(args.base, tmp / "b"))}
        load = os.getloadavg()[0]
        report = rounds(variants, args.runs, repo)
        print(json.dumps({"beads": args.beads, "runs": args.runs, "base": args.base,
                          "load_1min": [round(load, 2), round(os.getloadavg()[0], 2)], **report}, indent=2))


Report = dict[str, dict[str, dict[str, float]]]


def rounds(variants: dict[str, dict[str, str]], runs: int, repo: Path) -> Report:
    samples: dict[tuple[str, str], tuple[list[float], list[float]]] = {}
    table = [("floor", [PY, "-c", "pass"]),
             *((k, [PY, "-m", "abzu.entrypoints.launcher", *v]) for k, v in COMMANDS.items())]
    for i in range(runs):
        print(f"round {i + 1}/{runs}", file=sys.stderr, flush=True)
        for variant, env in variants.items():
            for label, argv in table:
                wall, cpu = timed(argv, "", repo, env)
                walls, cpus = samples.setdefault((variant, label), ([], []))
                walls.append(wall)
                cpus.append(cpu)
    floor = pct([w for (_, n), (ws, _) in samples.items() if n == "floor" for w in ws], .5)
    report: Report = {}
    for (variant, label), (walls, cpus) in samples.items():
        report.setdefault(variant, {})[label] = summary(walls, cpus, floor)
    return report


if __name__ == "__main__":
    main()
