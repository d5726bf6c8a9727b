"""Benchmark: wall and CPU time of every hook the product installs (issues 4, 13 and 31):
SessionStart (alone, and over start/end cycles: after a finalisation, with sessions left open,
with a remember between starts), SessionEnd, Stop, PreCompact and PreToolUse, beside the
interpreter floor (`python -c pass`, same run: read the figures as ratios to it).

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
                                           [--compact-runs 50] [--cycles 10]

Issue 13's goal: session-start <= 100 ms p50, <= 200 ms p99 at 10k beads; session-end and stop
<= 60 ms p50 (wall, quiet machine). Run `unset PYTHONDONTWRITEBYTECODE` first: with it set every
hook recompiles Abzu's bytecode and the figures mean nothing.

`--sibling` runs only issue 29.10's case: Claude Code's transcripts of the project in a folder
(ABZU_CLAUDE_PROJECTS), one of them a crashed session newer than the last summary, with nothing
worth a summary. The first start's recovery settles that session; then --cycles starts that
never end (sessions left open beside each other). It reports, per start, the hook's CPU and the
CPU of the `abzu recover` it launched (Linux: this process adopts the detached recoveries, a
child subreaper, and reads their usage when they exit).
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
from typing import TYPE_CHECKING

import psutil

if TYPE_CHECKING:
    pass

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
                ours = "abzu.entrypoints.launcher" in cmd or "abzu.entrypoints.background" in cmd
                if ours and proc.cwd() == str(repo):
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


NAMES = {"session-start": "SessionStart", "session-end": "SessionEnd", "pre-compact": "PreCompact",
         "stop": "Stop", "pre-tool-use": "PreToolUse"}


def hook_payload(event: str, session: str, repo: Path) -> dict[str, object]:
    payload: dict[str, object] = {
        "session_id": session, "cwd": str(repo), "hook_event_name": NAMES[event], "source": "startup",
        "reason": "prompt_input_exit", "trigger": "auto", "stop_hook_active": False}
    if event == "pre-tool-use":  # an edit of a file the store knows nothing about: the usual case
        payload.update(tool_name="Edit", tool_input={"file_path": str(repo / "src" / "auth.py"),
                                                      "old_string": "a", "new_string": "b"})
    return payload


def measure(event: str, runs: int, repo: Path, env: dict[str, str]) -> tuple[list[float], list[float], int]:
    times, cpus, characters = [], [], 0
    for i in range(runs):
        elapsed, cpu, out = run_hook(event, hook_payload(event, f"bench-{event}-{i}", repo), repo, env)
        times.append(elapsed)
        cpus.append(cpu)
        if out and event == "session-start":
            characters = len(json.loads(out)["hookSpecificOutput"]["additionalContext"])
        background_done(repo)
    return times, cpus, characters


def cycle(
    runs: int, repo: Path, env: dict[str, str], *, end: bool = True, remember_every: int = 0,
) -> tuple[list[float], list[float], str]:
    """Session start then session end, `runs` times, as a day of sessions goes (each end's
    finalisation runs detached before the next start). `end=False`: starts only (sessions left
    open; each start's recovery settles the one before). `remember_every` N: an `abzu remember`
    from a terminal (outside the timing) before every Nth start. (times, CPU)."""
    times, cpus = [], []
    for i in range(runs):
        if remember_every and i % remember_every == 0:
            said = [ABZU, "remember", f"Bench decision {end} {i}: rotate the cache keys", "-c", "preference"]
            subprocess.run(said, check=True, env=env, cwd=repo, capture_output=True)
            background_done(repo)
        session = f"bench-cycle-{end}-{i}"
        elapsed, cpu, _ = run_hook("session-start", hook_payload("session-start", session, repo), repo, env)
        times.append(elapsed)
        cpus.append(cpu)
        background_done(repo)
        if end:
            run_hook("session-end", hook_payload("session-end", session, repo), repo, env)
            background_done(repo)
    return times, cpus


def floor(runs: int) -> tuple[list[float], list[float]]:
    """Wall and CPU time of `python -c pass` (the interpreter floor), measured beside the hooks in
    the same run so that a figure taken on a loaded machine is read as a ratio to it."""
    times, cpus = [], []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], check=True)
        times.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append((after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime))
    return times, cpus


def summary(times: list[float], cpus: list[float]) -> dict[str, float]:
    return {"p50": pct(times, .5), "p99": pct(times, .99), "max": max(times) * 1000,
            "cpu_p50": pct(cpus, .5), "cpu_p99": pct(cpus, .99), "runs": len(times)}


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


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--beads", type=int, default=10_000)
    parser.add_argument("--sessions", type=int, default=10)
    parser.add_argument("--runs", type=int, default=50, help="session-start calls")
    parser.add_argument("--end-runs", type=int, default=100, help="session-end, stop, pre-tool-use calls")
    parser.add_argument("--compact-runs", type=int, default=50, help="pre-compact calls")
    parser.add_argument("--cycles", type=int, default=10, help="session start + end cycles")
    parser.add_argument("--sibling", action="store_true", help="only issue 29.10's case (see above)")
    return parser.parse_args()


def prepare(tmp: Path, args: argparse.Namespace) -> tuple[Path, dict[str, str]]:
    """A data home and a project with `.enki/` goal and gates, populated; (repo, environment)."""
    home, repo = tmp / "home", tmp / "src" / "api"
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
    return repo, env


def measure_all(args: argparse.Namespace, repo: Path, env: dict[str, str]) -> dict[str, object]:
    load_before = os.getloadavg()[0]
    figures = {
        "session_start": measure("session-start", args.runs, repo, env),
        "session_end": measure("session-end", args.end_runs, repo, env),
        "stop": measure("stop", args.end_runs, repo, env),
        "pre_compact": measure("pre-compact", args.compact_runs, repo, env),
        "pre_tool_use": measure("pre-tool-use", args.end_runs, repo, env),
    }
    cycle_times, cycle_cpus = cycle(args.cycles, repo, env)
    open_times, open_cpus = cycle(args.cycles, repo, env, end=False)
    said_times, said_cpus = cycle(args.cycles, repo, env, end=False, remember_every=2)
    interpreter, interpreter_cpu = floor(args.compact_runs)
    return {
        "beads": args.beads, "earlier_sessions": args.sessions,
        "load_1min": {"before": load_before, "after": os.getloadavg()[0]},
        "python_c_pass_ms": summary(interpreter, interpreter_cpu),
        **{f"{name}_ms": summary(times, cpus) for name, (times, cpus, _) in figures.items()},
        "injected_characters": figures["session_start"][2],
        "session_start_cycle_ms": summary(cycle_times, cycle_cpus),
        "session_start_without_end_ms": summary(open_times, open_cpus),
        "session_start_remember_between_ms": summary(said_times, said_cpus),
        "imports_ms": {e: import_profile(e, repo, env) for e in ("session-start", "session-end")},
    }


def adopt_detached() -> None:
    """Linux: detached processes started by our hooks become our children when the hook exits
    (PR_SET_CHILD_SUBREAPER), so their CPU time can be read when they end."""
    import ctypes

    if ctypes.CDLL(None, use_errno=True).prctl(36, 1, 0, 0, 0) != 0:
        raise SystemExit("--sibling needs Linux (prctl PR_SET_CHILD_SUBREAPER)")


def reap_detached() -> float:
    """Waits for every adopted detached process; the CPU seconds they used."""
    used = 0.0
    while True:
        try:
            _, _, usage = os.wait4(-1, 0)
        except ChildProcessError:
            return used
        used += usage.ru_utime + usage.ru_stime


def sibling_setup(home: Path, repo: Path, projects: Path) -> None:
    """Runs in a child process (the installed Abzu's own code): the summaries moved three hours
    back, and a crashed session started two hours ago whose transcript holds nothing to summarise."""
    import sqlite3

    from abzu.adapters.spool.file_spool import FileSessionJournal
    from abzu.domain.sessions.record import HookEvent, SessionEvent

    now = datetime.now(UTC)
    with sqlite3.connect(home / "abzu.db") as db:
        db.execute("UPDATE session_summaries SET created_at = ?",
                   ((now - timedelta(hours=3)).replace(tzinfo=None).isoformat(sep=" "),))
    path = projects / "-src-api" / f"{SIBLING}.jsonl"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"type": "file-history-snapshot", "messageId": "m", "snapshot": {}}) + "\n")
    then = (now - timedelta(hours=2)).timestamp()
    os.utime(path, (then, then))
    FileSessionJournal(home / "spool").record_event(SessionEvent(
        SIBLING, HookEvent.SESSION_START, now - timedelta(hours=2), str(path), str(repo), None, "startup"))


SIBLING = "0b5e1a2c-0000-4000-8000-00000000c0de"


def sibling_run(args: argparse.Namespace, repo: Path, env: dict[str, str]) -> dict[str, object]:
    projects = repo.parents[2] / "claude-projects"
    env = {**env, "ABZU_CLAUDE_PROJECTS": str(projects)}
    subprocess.run([sys.executable, __file__, "--sibling-setup", env["ABZU_HOME"], str(repo), str(projects)],
                   check=True, env=env)
    adopt_detached()
    cpus, recover_cpus = [], []
    for i in range(args.cycles + 1):
        sid = f"0b5e1a2c-0000-4000-8000-{i:012d}"
        transcript = str(projects / "-src-api" / f"{sid}.jsonl")
        payload = {**hook_payload("session-start", sid, repo), "transcript_path": transcript}
        _, cpu, _ = run_hook("session-start", payload, repo, env)
        cpus.append(cpu)
        recover_cpus.append(reap_detached())
    return {"beads": args.beads, "starts": len(cpus),
            "start_cpu_ms": [round(c * 1000) for c in cpus],
            "recover_cpu_ms": [round(c * 1000) for c in recover_cpus],
            "start_cpu_p50_after_settling_ms": pct(cpus[1:], .5),
            "recover_cpu_p50_after_settling_ms": pct(recover_cpus[1:], .5),
            "load_1min": os.getloadavg()[0]}


def main() -> None:
    args = arguments()
    if args.sibling:
        with tempfile.TemporaryDirectory(prefix="abzu-hook-bench-") as tmp:
            repo, env = prepare(Path(tmp), args)
            print(json.dumps(sibling_run(args, repo, env), indent=2))
        return
    with tempfile.TemporaryDirectory(prefix="abzu-hook-bench-") as tmp:
        repo, env = prepare(Path(tmp), args)
        print(json.dumps(measure_all(args, repo, env), indent=2))

if __name__ == "__main__":
    if sys.argv[1:2] == ["--populate"]:
        populate(Path(sys.argv[2]), Path(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]))
    elif sys.argv[1:2] == ["--sibling-setup"]:
        sibling_setup(Path(sys.argv[2]), Path(sys.argv[3]), Path(sys.argv[4]))
    else:
        main()
