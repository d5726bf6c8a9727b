"""Benchmark: wall time of `abzu hook pre-tool-use` (issue 16) at --beads reviewed beads.

Every bead is anchored (to one of 500 files, every 10th also to a command prefix), so the
lookup runs against a full anchors index. Each round runs, as new processes with JSON on stdin
the way Claude Code does: `python -c pass` (the floor), an Edit of an anchored file (a new
session each time, so memories are shown), an Edit of a file nothing is anchored to (no
output) and a Bash command with an anchored prefix. Goals: p50 ≤ 60 ms, p99 ≤ 150 ms wall.

    .venv/bin/python bench/pre_tool_use_latency.py [--beads 10000] [--runs 100]
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
from datetime import UTC, datetime, timedelta
from pathlib import Path

ABZU = str(Path(sys.executable).parent / ("abzu.exe" if os.name == "nt" else "abzu"))
FILES = 500


def populate(home: Path, repo: Path, beads: int) -> None:
    from abzu.application.projects import resolve_project
    from abzu.domain.anchors import Anchor, AnchorKind
    from abzu.domain.bead import Bead
    from abzu.domain.category import Category
    from abzu.domain.content import content_hash
    from abzu.entrypoints.settings import Settings
    from abzu.entrypoints.wiring.container import build_container

    container = build_container(Settings(home=home), cwd=repo)
    now = datetime.now(UTC)
    with container.uow() as uow:
        project = resolve_project(uow.projects, container.workspace(), None, now)
        for i in range(beads):
            text = f"Bead {i}: src/mod{i % FILES}.py keeps rule number {i}"
            uow.beads.add(Bead(f"b-{i:06d}", text, list(Category)[i % 5], project, content_hash(text),
                               now - timedelta(days=i % 400)))
            anchors = [Anchor(AnchorKind.FILE, f"src/mod{i % FILES}.py")]
            anchors += [Anchor(AnchorKind.COMMAND, f"make target{i % 50}")] if i % 10 == 0 else []
            uow.bead_anchors.attach(f"b-{i:06d}", anchors)
        uow.commit()
    container.shutdown_resources()


def timed(argv: list[str], stdin: str, env: dict[str, str]) -> tuple[float, float, str]:
    """Wall ms, the child's CPU ms (user + system: steadier than wall on a loaded machine), stdout."""
    before, start = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
    done = subprocess.run(argv, input=stdin, capture_output=True, text=True, env=env, check=True)
    wall, after = (time.perf_counter() - start) * 1000, resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1000
    return wall, cpu, done.stdout


def payload(repo: Path, session: str, tool: str, tool_input: dict[str, str]) -> str:
    return json.dumps({"session_id": session, "hook_event_name": "PreToolUse", "cwd": str(repo),
                       "tool_name": tool, "tool_input": tool_input, "tool_use_id": "t"})


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--beads", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=100)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        home, repo = Path(tmp) / "home", Path(tmp) / "repo"
        (repo / ".git").mkdir(parents=True)
        populate(home, repo, args.beads)
        env = {**os.environ, "ABZU_HOME": str(home)}
        env.pop("CLAUDE_PROJECT_DIR", None)
        cases = {
            "python -c pass": ([sys.executable, "-c", "pass"], lambda n: ""),
            "Edit, anchored file (shown)": ([ABZU, "hook", "pre-tool-use"], lambda n: payload(
                repo, f"s-{n}", "Edit", {"file_path": str(repo / f"src/mod{n % FILES}.py")})),
            "Edit, unanchored file (silent)": ([ABZU, "hook", "pre-tool-use"], lambda n: payload(
                repo, f"s-{n}", "Edit", {"file_path": str(repo / "docs/other.md")})),
            "Bash, anchored prefix (shown)": ([ABZU, "hook", "pre-tool-use"], lambda n: payload(
                repo, f"b-{n}", "Bash", {"command": f"make target{(n % 5) * 10} -j2"})),
        }
        times: dict[str, list[float]] = {name: [] for name in cases}
        cpu: dict[str, list[float]] = {name: [] for name in cases}
        for n in range(args.runs):
            for name, (argv, make) in cases.items():
                ms, used, out = timed(argv, make(n), env)
                times[name].append(ms)
                cpu[name].append(used)
                if "shown" in name and "additionalContext" not in out:
                    raise SystemExit(f"{name}: nothing was shown")
        report(times, cpu, args)


def report(times: dict[str, list[float]], cpu: dict[str, list[float]], args: argparse.Namespace) -> None:
    floor, cpu_floor = statistics.median(times["python -c pass"]), statistics.median(cpu["python -c pass"])
    print(f"{args.beads} beads, {args.runs} rounds, load average {os.getloadavg()[0]:.1f}")
    print("| case | wall p50 ms | p99 ms | p50 × floor | CPU p50 ms | CPU × floor |")
    print("|---|---|---|---|---|---|")
    for name, values in times.items():
        ordered = sorted(values)
        p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
        p50, used = statistics.median(ordered), statistics.median(cpu[name])
        print(f"| {name} | {p50:.0f} | {p99:.0f} | {p50 / floor:.1f} | {used:.0f} | {used / cpu_floor:.1f} |")


if __name__ == "__main__":
    main()
