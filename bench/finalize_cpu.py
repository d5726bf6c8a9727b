"""Benchmark: the CPU of the background `abzu finalize` after a session end (issue 31.6: a detached
finalize of a 50-exchange session ≤ 0.4 s CPU), as a ratio to `python -c pass` in the same run.

Builds a data home with --beads reviewed beads and ten finalised sessions (hook_latency.py's
--populate), then per run: a new session's SessionStart through the hook (its detached recovery
awaited, untimed), a transcript of --exchanges exchanges shaped like real ones
(transcript_ingest.py's lines: prompts, thinking, Read/Edit/Bash calls, a fix and a decision every
40th), and the finalize the SessionEnd hook starts detached as a new process, timed from the
outside (the child's user + system time): the background job (`python -m
abzu.entrypoints.background`, its job as JSON on stdin) where the installed Abzu has one, else
`abzu finalize <session>` (what the hook started before finalize-lean); `--typed` times the typed
command instead. The distiller is off
(ABZU_DISTILLER=off): `claude -p` is another program's CPU. Prints JSON.

    .venv/bin/python bench/finalize_cpu.py [--beads 10000] [--exchanges 50] [--runs 11]
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

from cli_latency import clean_env, make_repo, populate
from hook_latency import background_done, pct
from transcript_ingest import _Lines

PY = sys.executable


def transcript(path: Path, session: str, exchanges: int, seed: int) -> None:
    """A session of its own words (`seed`): each run stages new candidates, none a duplicate."""
    lines = _Lines(seed=seed)
    with path.open("w", encoding="utf-8") as out:
        for i in range(exchanges):
            for line in lines.turn(i):
                if "sessionId" in line:
                    line["sessionId"] = session
                out.write(json.dumps(line) + "\n")


def timed(argv: list[str], stdin: str, cwd: Path, env: dict[str, str]) -> tuple[float, float]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(argv, input=stdin, capture_output=True, text=True, cwd=cwd, env=env, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    assert done.returncode == 0, (argv, done.stdout, done.stderr)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def one_run(i: int, repo: Path, env: dict[str, str], exchanges: int, tmp: Path, typed: bool = False
            ) -> tuple[float, float, str]:
    session = f"bench-finalize-{i}"
    path = tmp / f"{session}.jsonl"
    transcript(path, session, exchanges, seed=i)
    start = {"session_id": session, "cwd": str(repo), "hook_event_name": "SessionStart",
             "source": "startup", "transcript_path": str(path)}
    timed([PY, "-m", "abzu.entrypoints.launcher", "hook", "session-start"], json.dumps(start), repo, env)
    background_done(repo)
    argv, job = finalize_command(session, typed)
    wall, cpu = timed(argv, job, repo, env)
    background_done(repo)
    return wall, cpu, session


def finalize_command(session: str, typed: bool) -> tuple[list[str], str]:
    """What SessionEnd starts: the background job, or the typed command on an older Abzu."""
    try:
        from abzu.entrypoints.detach import background_job
    except ImportError:
        typed = True
    if typed:
        return [PY, "-m", "abzu.entrypoints.launcher", "finalize", session], ""
    return background_job("finalize", session_id=session)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--beads", type=int, default=10_000)
    parser.add_argument("--exchanges", type=int, default=50)
    parser.add_argument("--runs", type=int, default=11)
    parser.add_argument("--typed", action="store_true", help="time `abzu finalize <id>` (typer, container)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="abzu-finalize-bench-") as name:
        tmp = Path(name)
        repo, home = make_repo(tmp), tmp / "home"
        env = {**clean_env(home), "ABZU_DISTILLER": "off"}
        populate(home, repo, args.beads, PY, Path(__file__).with_name("hook_latency.py"), env)
        floor_cpu, walls, cpus = [], [], []
        one_run(999_999, repo, env, args.exchanges, tmp, args.typed)  # bytecode written, stores at head
        load = os.getloadavg()[0]
        for i in range(args.runs):
            print(f"run {i + 1}/{args.runs}", file=sys.stderr, flush=True)
            floor_cpu.append(timed([PY, "-c", "pass"], "", repo, env)[1])
            wall, cpu, _ = one_run(i, repo, env, args.exchanges, tmp, args.typed)
            walls.append(wall)
            cpus.append(cpu)
        floor = pct(floor_cpu, .5)  # pct answers milliseconds
        print(json.dumps({
            "beads": args.beads, "exchanges": args.exchanges, "runs": args.runs,
            "command": " ".join(finalize_command("ID", args.typed)[0][1:]),
            "load_1min": [round(load, 2), round(os.getloadavg()[0], 2)],
            "floor_cpu_p50_ms": round(floor, 1),
            "finalize_cpu_p50_ms": round(pct(cpus, .5), 1),
            "finalize_cpu_max_ms": round(max(cpus) * 1000, 1),
            "finalize_wall_p50_ms": round(pct(walls, .5), 1),
            "x_floor_cpu_p50": round(pct(cpus, .5) / floor, 1),
        }, indent=2))


if __name__ == "__main__":
    main()
