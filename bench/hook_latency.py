"""Benchmark: wall time of `abzu hook session-start` and `abzu hook session-end` (issue 4).

Sets up a data home with --beads reviewed beads (default 10,000) in the project and --sessions
earlier sessions (default 10) finalised through the real use cases, a project with `.enki/`
goal and gates and a persona, then runs the installed `abzu` executable as Claude Code does (a
new process, JSON on stdin) and times each call from the outside. Goals: session-start ≤ 250 ms
p50, session-end ≤ 300 ms p99, pre-compact ≤ 300 ms p99 (its snapshot is taken detached; the
benchmark waits for it between calls, outside the timing).

Each hook starts a detached background process (recovery, finalisation); the benchmark waits
for it before the next call, as the next real session start comes much later. Wall time depends
on other load: the load average is reported with the figures, and so is where import time goes.

    .venv/bin/python bench/hook_latency.py [--beads 10000] [--sessions 10] [--runs 50] [--end-runs 100]
                                           [--compact-runs 50]
"""

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import psutil

ABZU = str(Path(sys.executable).parent / ("abzu.exe" if os.name == "nt" else "abzu"))
TOPICS = ("token", "rotation", "cache", "schema", "migration", "index", "retry", "queue", "billing",
          "export", "logging", "deploy", "session", "review", "backup", "frontend", "auth", "search")


def populate(home: Path, repo: Path, beads: int, sessions: int) -> None:
    """Runs in a child process: the stores are built with the real container and use cases."""
    from abzu.application.sessions.finalize_session import FinalizeRequest
    from abzu.application.sessions.update_pre_compact_summary import PreCompactSnapshot
    from abzu.domain.bead import Bead
    from abzu.domain.category import Category
    from abzu.domain.content import content_hash
    from abzu.domain.sessions.record import HookEvent, SessionEvent
    from abzu.entrypoints.settings import Settings
    from abzu.entrypoints.wiring.container import build_container

    container = build_container(Settings(home=home), cwd=repo)
    now = datetime.now(UTC)
    with container.sessions.uow() as uow:
        project = _project(container, uow, now)
        for i in range(beads):
            text = f"Bead {i}: the {TOPICS[i % len(TOPICS)]} {TOPICS[(i * 7) % len(TOPICS)]} rule number {i}"
            uow.beads.add(Bead(f"b-{i:06d}", text, list(Category)[i % 5], project if i % 10 else None,
                               content_hash(text), now - timedelta(days=i % 400), starred=i % 97 == 0))
        uow.commit()
    for n in range(sessions):
        sid = f"earlier-{n:02d}"
        with container.sessions.uow() as uow:
            uow.sessions.record(SessionEvent(sid, HookEvent.SESSION_START, now, None, str(repo)), project)
            uow.commit()
        talk = f"Session {n}: we decided to keep the token rotation job. " + "Details of the work. " * 120
        notes = "Files modified (2): src/auth.py, src/jobs.py\nTasks completed (1):\n- rotate"
        container.sessions.update_pre_compact_summary().execute(PreCompactSnapshot(sid, notes, talk, project))
        container.sessions.finalize_session().execute(FinalizeRequest(sid))
    container.shutdown_resources()


def _project(container: object, uow: object, now: datetime) -> str:
    from abzu.application.projects import resolve_project

    name = resolve_project(uow.projects, container.workspace(), None, now)  # type: ignore[attr-defined]
    assert name is not None
    return name


def background_done(repo: Path, timeout: float = 60.0) -> None:
    """Waits for the detached recovery / finalisation processes started in `repo`."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        busy = False
        for proc in psutil.process_iter(["cmdline"]):
            try:
                cmd = proc.info["cmdline"] or []
                if "abzu.entrypoints.launcher" in cmd and proc.cwd() == str(repo):
                    busy = True
                    break
            except (psutil.NoSuchProcess, psutil.AccessDenied):
                continue
        if not busy:
            return
        time.sleep(0.05)


def run_hook(
    event: str, payload: dict[str, object], repo: Path, env: dict[str, str]
) -> tuple[float, float, str]:
    """(wall seconds, CPU seconds of the hook process, stdout)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run([ABZU, "hook", event], input=json.dumps(payload), capture_output=True, text=True,
                          cwd=repo, env=env, check=False)
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return elapsed, cpu, done.stdout


NAMES = {"session-start": "SessionStart", "session-end": "SessionEnd", "pre-compact": "PreCompact"}


def measure(event: str, runs: int, repo: Path, env: dict[str, str]) -> tuple[list[float], list[float], int]:
    times, cpus, characters = [], [], 0
    for i in range(runs):
        payload = {"session_id": f"bench-{event}-{i}", "cwd": str(repo), "hook_event_name": NAMES[event],
                   "source": "startup", "reason": "prompt_input_exit", "trigger": "auto"}
        elapsed, cpu, out = run_hook(event, payload, repo, env)
        times.append(elapsed)
        cpus.append(cpu)
        if out:
            characters = len(json.loads(out)["hookSpecificOutput"]["additionalContext"])
        background_done(repo)
    return times, cpus, characters


def floor(runs: int) -> list[float]:
    """Wall time of `python -c pass` (the interpreter floor), measured beside the hooks in the same
    run so that a figure taken on a loaded machine is read as a ratio to it."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], check=True)
        times.append(time.perf_counter() - start)
    return times


def import_profile(event: str, repo: Path, env: dict[str, str], top: int = 10) -> list[tuple[str, float]]:
    """Cumulative import time (ms) of the heaviest imports (nesting depth ≤ 1) of one hook run."""
    probe = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "abzu.entrypoints.launcher", "hook", event],
        input=json.dumps({"session_id": "probe", "cwd": str(repo), "source": "startup"}),
        capture_output=True, text=True, cwd=repo, env=env, check=False,
    )
    background_done(repo)
    rows = []
    for line in probe.stderr.splitlines():
        parts = line.removeprefix("import time:").split("|")
        if not line.startswith("import time:") or len(parts) != 3 or not parts[1].strip().isdigit():
            continue
        depth = (len(parts[2]) - len(parts[2].lstrip()) - 1) // 2
        if depth <= 1:
            rows.append(("  " * depth + parts[2].strip(), int(parts[1]) / 1000))
    return sorted(rows, key=lambda r: -r[1])[:top]


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))] * 1000


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--beads", type=int, default=10_000)
    parser.add_argument("--sessions", type=int, default=10)
    parser.add_argument("--runs", type=int, default=50, help="session-start calls")
    parser.add_argument("--end-runs", type=int, default=100, help="session-end calls")
    parser.add_argument("--compact-runs", type=int, default=50, help="pre-compact calls")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="abzu-hook-bench-") as tmp:
        home, repo = Path(tmp) / "home", Path(tmp) / "src" / "api"
        (repo / ".git").mkdir(parents=True)
        (repo / ".enki").mkdir()
        (repo / ".enki" / "goal").write_text("Token rotation and cache schema migration\n", encoding="utf-8")
        (repo / ".enki" / "gates.md").write_text("No merge without review.\nSpecs first.\n", encoding="utf-8")
        home.mkdir()
        (home / "persona.md").write_text("You are Enki.\n" * 20, encoding="utf-8")
        env = {k: v for k, v in os.environ.items() if not k.startswith(("ABZU_", "CLAUDE_"))}
        env.update(ABZU_HOME=str(home))
        subprocess.run([sys.executable, __file__, "--populate", str(home), str(repo), str(args.beads),
                        str(args.sessions)], check=True, env=env)
        run_hook("session-start", {"session_id": "warm-up", "cwd": str(repo)}, repo, env)
        run_hook("session-end", {"session_id": "warm-up", "cwd": str(repo)}, repo, env)
        background_done(repo)
        load_before = os.getloadavg()[0]
        start, start_cpu, characters = measure("session-start", args.runs, repo, env)
        end, end_cpu, _ = measure("session-end", args.end_runs, repo, env)
        compact, compact_cpu, _ = measure("pre-compact", args.compact_runs, repo, env)
        interpreter = floor(args.compact_runs)
        report = {
            "beads": args.beads, "earlier_sessions": args.sessions,
            "load_1min": {"before": load_before, "after": os.getloadavg()[0]},
            "session_start_ms": {"p50": pct(start, .5), "p95": pct(start, .95), "max": max(start) * 1000,
                                 "cpu_p50": pct(start_cpu, .5), "runs": len(start),
                                 "injected_characters": characters},
            "session_end_ms": {"p50": pct(end, .5), "p99": pct(end, .99), "max": max(end) * 1000,
                               "cpu_p50": pct(end_cpu, .5), "cpu_p99": pct(end_cpu, .99), "runs": len(end)},
            "pre_compact_ms": {"p50": pct(compact, .5), "p99": pct(compact, .99), "max": max(compact) * 1000,
                               "cpu_p50": pct(compact_cpu, .5), "cpu_p99": pct(compact_cpu, .99),
                               "runs": len(compact)},
            "python_c_pass_ms": {"p50": pct(interpreter, .5), "p99": pct(interpreter, .99),
                                 "runs": len(interpreter)},
            "pre_compact_p99_over_floor_p99": pct(compact, .99) / pct(interpreter, .99),
            "imports_ms": {e: import_profile(e, repo, env) for e in ("session-start", "session-end")},
        }
        print(json.dumps(report, indent=2))


if __name__ == "__main__":
    if sys.argv[1:2] == ["--populate"]:
        populate(Path(sys.argv[2]), Path(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]))
    else:
        main()
