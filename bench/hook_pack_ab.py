"""Same-run A/B of the hooks' CPU and wall time between two installed Abzus on one data home
(issue 13): session start with a fresh and with a stale recall pack, session end, stop and the
interpreter floor, alternating between the two interpreters call by call so load hits both alike.

The data home must exist, populated by bench/hook_latency.py's `--populate` (both versions must
read its schema); the pack is set before each session start, outside the timing, by
bench/hook_latency.py `--pack fresh|stale` run under the interpreter being measured.

    unset PYTHONDONTWRITEBYTECODE
    ABZU_HOME=/tmp/h/home python bench/hook_latency.py --populate /tmp/h/home /tmp/h/src/api 10000 10
    python3 bench/hook_pack_ab.py --home /tmp/h/home --repo /tmp/h/src/api \
        --python before=/work/main/.venv/bin/python --python after=.venv/bin/python [--rounds 5]
"""

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

HOOK_LATENCY = str(Path(__file__).with_name("hook_latency.py"))
sys.path.insert(0, str(Path(__file__).parent))
from hook_latency import background_done  # noqa: E402  (a sibling script, not a package)

EVENTS = {"session-end": "SessionEnd", "stop": "Stop"}


def timed(argv: list[str], stdin: str, cwd: str, env: dict[str, str]) -> tuple[float, float]:
    """(wall, CPU) seconds of one child process; its stderr must stay empty (hooks fail open)."""
    before, start = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
    done = subprocess.run(argv, input=stdin, capture_output=True, text=True, cwd=cwd, env=env, check=False)
    wall, after = time.perf_counter() - start, resource.getrusage(resource.RUSAGE_CHILDREN)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def settled(repo: str) -> None:
    """Waits for the detached recoveries and finalisations the hooks started in `repo` (only
    those: other people's processes on a shared machine are none of this run's business)."""
    time.sleep(0.3)
    background_done(Path(repo))


def one_round(python: str, n: int, repo: str, env: dict[str, str]) -> dict[str, tuple[float, float]]:
    figures, hook = {}, [python, "-m", "abzu.entrypoints.launcher", "hook"]
    for pack in ("fresh", "stale"):
        subprocess.run([python, HOOK_LATENCY, "--pack", pack, repo], check=True, env=env, cwd=repo)
        payload = {"session_id": f"ab-{pack}-{n}-{time.time_ns()}", "cwd": repo,
                   "hook_event_name": "SessionStart", "source": "startup"}
        figures[f"session-start {pack} pack"] = timed([*hook, "session-start"], json.dumps(payload),
                                                      repo, env)
        settled(repo)
    for event, name in EVENTS.items():
        payload = {"session_id": f"ab-{event}-{n}-{time.time_ns()}", "cwd": repo, "hook_event_name": name}
        figures[event] = timed([*hook, event], json.dumps(payload), repo, env)
        settled(repo)
    figures["floor (python -c pass)"] = timed([python, "-c", "pass"], "", repo, env)
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--home", required=True)
    parser.add_argument("--repo", required=True)
    parser.add_argument("--python", action="append", required=True, help="label=interpreter")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ABZU_", "CLAUDE_", "PYTHONDONTWRITE"))}
    env["ABZU_HOME"] = args.home
    pythons = dict(p.split("=", 1) for p in args.python)
    runs: dict[tuple[str, str], list[tuple[float, float]]] = {}
    for n in range(args.rounds):
        for label, python in pythons.items():
            for name, figure in one_round(python, n, args.repo, env).items():
                runs.setdefault((name, label), []).append(figure)
    print(f"load average {os.getloadavg()}, {args.rounds} rounds")
    for (name, label), figures in sorted(runs.items()):
        wall, cpu = statistics.median(f[0] for f in figures), statistics.median(f[1] for f in figures)
        print(f"{name:28} {label:8} CPU p50 {cpu * 1000:6.1f} ms   wall p50 {wall * 1000:6.1f} ms")


if __name__ == "__main__":
    sys.exit(main())
