"""Reliability harness (issue 20.8): writes under contention, kill -9 rounds, a bad-input sweep.

    .venv/bin/python bench/reliability.py                       # the scaled default (minutes)
    .venv/bin/python bench/reliability.py --writers 32 --writes 500 --readers 4 --kills 100

Contention: W writer processes each remember N distinct memories through the real use cases
(`--driver container`: as the MCP server and full hooks build them; `light`: as `abzu remember`,
`abzu recall` and the fast hooks do) while R readers recall in a loop. Every acknowledged id
must be in a store afterwards; no lock error may reach a caller; write latency p50/p99.
Kill -9: a writer is killed at a random moment; every id it acknowledged must be stored and
both stores must pass `integrity_check` and the FTS5 rank-1 `integrity-check`.
Kill -9 during a command: `abzu review --interactive` (the offline human reviewer, answering
"promote" to everything) and `abzu finalize` (a session journalled by the Stop hook on a copy of
a real transcript) are killed at a random moment of a typical run (one run left alone first);
20 learnings remembered before each round must all still be stored (by content hash: promotion
gives a new id), and both stores must pass both integrity checks.
Sweep: hostile inputs through recall and the stores' opening; each must give one clean line.
"""

import argparse
import atexit
import hashlib
import json
import multiprocessing
import os
import random
import shutil
import signal
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from abzu.application.recall import RecallRequest
from abzu.application.remember import RememberRequest
from abzu.domain.content import content_hash
from abzu.entrypoints.settings import Settings
from abzu.entrypoints.wiring.container import build_container

FTS = {"wisdom.db": "beads_fts", "abzu.db": "candidates_fts"}


def text_for(worker: int, item: int) -> str:
    digest = hashlib.sha256(f"{worker}/{item}".encode()).hexdigest()
    return "reliability note " + " ".join(f"w{digest[i:i + 6]}" for i in range(0, 48, 6))


DRIVER = {"name": "container"}  # set by --driver before the worker processes fork


def memory(home: str, repo: str) -> tuple[Any, Callable[[], None]]:
    """The four memory operations as a door builds them, and how to let them go: "container" as
    the MCP server and the full hooks (SQLAlchemy), "light" as `abzu remember`/`recall` and the
    fast hooks (sqlite3, MemoryUseCases.open)."""
    os.chdir(repo)
    if DRIVER["name"] == "light":
        from abzu.entrypoints.wiring.memory import MemoryUseCases

        os.environ["ABZU_HOME"] = home
        return MemoryUseCases.open(Path(repo)), lambda: None
    container = build_container(Settings(home=Path(home)), cwd=Path(repo))
    return container, container.shutdown_resources


def _holds(write_gate: Any, store: Path, holder: int | None = None) -> bool:
    """Whether `holder` (default this thread) holds the gate: read off the module's own table,
    since the product has no use for asking (the bench only times the outermost holds)."""
    key = (write_gate.lock_path(store), threading.get_ident() if holder is None else holder)
    with write_gate._held_mutex:
        return key in write_gate._held


def time_the_gate() -> dict[str, list[float]]:
    """In this writer process: how long each hold of the write gate lasted and how long taking it
    took (the queue). Outermost holds only: the gate is re-entrant."""
    from abzu.adapters.sqlite import write_gate

    taken, given, times = write_gate.acquire, write_gate.release, {"hold": [], "wait": []}
    depth, since = [0], [0.0]

    def acquire(*args: Any, **kwargs: Any) -> int | None:
        started = time.perf_counter()
        holder = taken(*args, **kwargs)
        depth[0] += holder is not None
        if holder is not None and depth[0] == 1:
            since[0] = time.perf_counter()
            times["wait"].append(since[0] - started)
        return holder

    def release(*args: Any, **kwargs: Any) -> None:
        if depth[0] and _holds(write_gate, *args, **kwargs):
            depth[0] -= 1
            if depth[0] == 0:
                times["hold"].append(time.perf_counter() - since[0])
        given(*args, **kwargs)

    write_gate.acquire, write_gate.release = acquire, release  # type: ignore[assignment]
    return times


def writer(home: str, repo: str, worker: int, count: int, acks: str | None = None) -> dict[str, object]:
    gate = time_the_gate()
    doors, shutdown = memory(home, repo)
    remember, ids, errors, latencies = doors.remember(), [], [], []
    by_store: dict[str, list[float]] = {"wisdom": [], "staging": []}  # preference / learning
    cpu = time.process_time()
    sink = open(acks, "a", encoding="utf-8") if acks else None  # noqa: SIM115 - lives as long as the loop
    for item in range(count):
        category = "preference" if item % 2 else "learning"
        started = time.perf_counter()
        try:
            done = remember.execute(RememberRequest(text_for(worker, item), category)).unwrap()
        except Exception as exc:  # any surfaced error counts against the target
            errors.append(f"{type(exc).__name__}: {str(exc).splitlines()[0]}")
            continue
        latencies.append(time.perf_counter() - started)
        by_store["wisdom" if category == "preference" else "staging"].append(latencies[-1])
        ids.append(done.id)
        if sink:  # acknowledged: written down only after the use case returned
            sink.write(done.id + "\n")
            sink.flush()
    cpu = time.process_time() - cpu
    shutdown()
    return {"ids": ids, "errors": errors, "latencies": latencies, "cpu_s": cpu, **gate, **by_store}


def reader(home: str, repo: str, stop_file: str) -> dict[str, object]:
    doors, shutdown = memory(home, repo)
    recall, count, errors = doors.recall(), 0, []
    while not os.path.exists(stop_file):
        try:
            recall.execute(RecallRequest("reliability note", limit=5)).unwrap()
            count += 1
        except Exception as exc:
            errors.append(f"{type(exc).__name__}: {str(exc).splitlines()[0]}")
    shutdown()
    return {"reads": count, "errors": errors}


def stored_ids(home: Path) -> set[str]:
    with sqlite3.connect(home / "wisdom.db") as w, sqlite3.connect(home / "abzu.db") as s:
        return {r[0] for r in w.execute("SELECT id FROM beads")} | {
            r[0] for r in s.execute("SELECT id FROM bead_candidates")}


def integrity(home: Path) -> list[str]:
    problems = []
    for name, fts in FTS.items():
        with sqlite3.connect(home / name) as conn:
            if conn.execute("PRAGMA integrity_check").fetchone()[0] != "ok":
                problems.append(f"{name}: integrity_check")
            try:
                conn.execute(f"INSERT INTO {fts}({fts}, rank) VALUES ('integrity-check', 1)")
            except sqlite3.DatabaseError as exc:
                problems.append(f"{name}: {fts} {exc}")
    return problems


def _create_stores(home: Path, repo: Path) -> None:
    from abzu.adapters.sqlite.stores import ready

    ready(home / "wisdom.db", "wisdom"), ready(home / "abzu.db", "staging")


def fresh_home() -> tuple[Path, Path]:
    root = Path(tempfile.mkdtemp(prefix="abzu-reliability-"))
    atexit.register(shutil.rmtree, root, ignore_errors=True)  # the 50 MB transcript included
    repo = root / "src" / "api"
    (repo / ".git").mkdir(parents=True)
    return root / "enki", repo


def contention(writers: int, writes: int, readers: int) -> dict[str, object]:
    home, repo = fresh_home()
    _create_stores(home, repo)  # a fair start: no writer pays for creating them
    stop = str(home.parent / "stop")
    started = time.monotonic()
    with multiprocessing.get_context("fork").Pool(writers + readers) as pool:
        r = [pool.apply_async(reader, (str(home), str(repo), stop)) for _ in range(readers)]
        w = [pool.apply_async(writer, (str(home), str(repo), i, writes)) for i in range(writers)]
        done = [job.get() for job in w]
        Path(stop).touch()
        reads = [job.get() for job in r]
    elapsed = time.monotonic() - started
    acknowledged = {i for d in done for i in d["ids"]}  # type: ignore[attr-defined]
    latencies = sorted(x for d in done for x in d["latencies"])  # type: ignore[attr-defined]
    # Each process's first write also opens the stores (engine, FTS probe, revision check).
    warm = sorted(x for d in done for x in d["latencies"][1:])  # type: ignore[index]
    return {
        "writes": writers * writes, "acknowledged": len(acknowledged),
        "lost": len(acknowledged - stored_ids(home)),
        "write_errors": sum(len(d["errors"]) for d in done),  # type: ignore[arg-type]
        "reads": sum(d["reads"] for d in reads),  # type: ignore[misc]
        "read_errors": sum(len(d["errors"]) for d in reads),  # type: ignore[arg-type]
        "queued_in_spool": len(list((home / "spool" / "remember").glob("*.json"))),
        "p50_ms": round(1000 * statistics.median(latencies), 1),
        "p95_ms": round(1000 * latencies[max(0, int(len(latencies) * 0.95) - 1)], 1),
        "p99_ms": round(1000 * latencies[max(0, int(len(latencies) * 0.99) - 1)], 1),
        "max_ms": round(1000 * latencies[-1], 1),
        "p99_ms_after_first_write": round(1000 * warm[max(0, int(len(warm) * 0.99) - 1)], 1),
        # Each store has its own write gate: a preference queues at wisdom.db's, a learning at abzu.db's.
        **{f"{store}_write_p50_p99_ms": percentiles([x for d in done for x in d[store]])  # type: ignore[attr-defined]
           for store in ("wisdom", "staging")},
        **{f"gate_{kind}_p50_p99_ms": percentiles([x for d in done for x in d[kind]])  # type: ignore[attr-defined]
           for kind in ("hold", "wait")},
        "cpu_ms_per_write": round(1000 * sum(d["cpu_s"] for d in done) / max(1, len(latencies)), 2),  # type: ignore[misc]
        "writes_per_s": round(len(latencies) / elapsed, 1),
        "load_avg_1m_end": round(os.getloadavg()[0], 1),
        "wall_s": round(elapsed, 1), "integrity": integrity(home) or "ok",
        "sample_errors": sorted({e for d in [*done, *reads] for e in d["errors"]})[:3],  # type: ignore[attr-defined]
    }


def percentiles(values: list[float]) -> tuple[float, float]:
    ordered = sorted(values) or [0.0]
    return (round(1000 * statistics.median(ordered), 2),
            round(1000 * ordered[max(0, int(len(ordered) * 0.99) - 1)], 2))


def kill_rounds(rounds: int) -> dict[str, object]:
    """A writer killed with SIGKILL at a random moment; then every acknowledged id is checked."""
    home, repo = fresh_home()
    _create_stores(home, repo)
    acks, lost, problems = home.parent / "acks.txt", 0, []
    ctx = multiprocessing.get_context("fork")
    for round_ in range(rounds):
        child = ctx.Process(target=writer, args=(str(home), str(repo), 1000 + round_, 10_000, str(acks)))
        child.start()
        before = acks.stat().st_size if acks.exists() else 0
        started = time.monotonic()  # on a loaded machine starting alone can outlast the window:
        while (acks.stat().st_size if acks.exists() else 0) == before and time.monotonic() - started < 60:
            time.sleep(0.01)  # so the window opens at the writer's first acknowledged write
        time.sleep(random.uniform(0.05, 1.0))
        os.kill(child.pid or 0, signal.SIGKILL)
        child.join()
        acknowledged = set(acks.read_text(encoding="utf-8").split()) if acks.exists() else set()
        lost = len(acknowledged - stored_ids(home))
        problems += integrity(home)
        progress("kill -9 of a writer", round_, len(acknowledged), lost, problems)
    return {"rounds": rounds, "acknowledged": len(acknowledged), "lost": lost,
            "integrity": problems or "ok"}


def progress(part: str, round_: int, acknowledged: int, lost: int, problems: list[str],
             outcomes: dict[str, int] | None = None) -> None:
    """One line per round on stderr, so a long run shows how far it got."""
    print(f"{time.strftime('%H:%M:%S')} {part} round {round_ + 1}: {acknowledged} acknowledged, "
          f"{lost} lost, integrity problems {len(problems)} {outcomes or ''}", file=sys.stderr, flush=True)


FIXTURES = Path(__file__).parents[1] / "tests" / "fixtures" / "claude-jsonl"
TRANSCRIPTS = [FIXTURES / "claude-code-viewer" / "5c0375b4-57a5-4f26-b12d-d022ee4e51b7.jsonl",
               FIXTURES / "agentlogs" / "compact.jsonl"]


def stored_hashes(home: Path) -> set[str]:
    """Content hashes in either store: a reviewed candidate becomes a bead with a new id."""
    with sqlite3.connect(home / "wisdom.db") as w, sqlite3.connect(home / "abzu.db") as s:
        return {r[0] for r in w.execute("SELECT content_hash FROM beads")} | {
            r[0] for r in s.execute("SELECT content_hash FROM bead_candidates")}


def _acknowledge(home: Path, repo: Path, round_: int, count: int) -> set[str]:
    """`count` learnings remembered (in this process) and acknowledged: their hashes."""
    container = build_container(Settings(home=home), cwd=repo)
    remember, hashes = container.remember(), set()
    for item in range(count):
        remember.execute(RememberRequest(text_for(5000 + round_, item), "learning")).unwrap()
        hashes.add(content_hash(text_for(5000 + round_, item)))
    container.shutdown_resources()
    return hashes


def _start(home: Path, repo: Path, args: list[str], stdin: bytes) -> "subprocess.Popen[bytes]":
    env = {**os.environ, "ABZU_HOME": str(home), "ABZU_RECOVERY_IDLE_MINUTES": "0"}
    child = subprocess.Popen([str(Path(sys.executable).with_name("abzu")), *args], cwd=repo, env=env,
                             stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    assert child.stdin is not None
    child.stdin.write(stdin)
    child.stdin.close()
    return child


def _review_round(home: Path, repo: Path, round_: int) -> tuple[list[str], bytes]:
    return ["review", "--interactive"], b"p\n" * 500  # the human reviewer promotes everything


def _finalize_round(home: Path, repo: Path, round_: int) -> tuple[list[str], bytes]:
    """A session journalled by the Stop hook, on a copy of a real transcript, then finalised."""
    session = f"kill-{round_}"
    transcript = home.parent / "claude" / f"{session}.jsonl"
    transcript.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(TRANSCRIPTS[round_ % len(TRANSCRIPTS)], transcript)
    stop = {"session_id": session, "transcript_path": str(transcript), "hook_event_name": "Stop",
            "cwd": str(repo)}
    _abzu(home, repo, ["hook", "stop"], json.dumps(stop).encode())
    return ["finalize", session], b""


def kill_command_rounds(kind: str, rounds: int) -> dict[str, object]:
    """`abzu review -i` (offline human reviewer) or `abzu finalize` killed at a random moment
    of a typical run (calibrated by one run left alone); acknowledged writes checked after each."""
    home, repo = fresh_home()
    _create_stores(home, repo)
    prepare = _review_round if kind == "review" else _finalize_round
    acknowledged, lost, problems, outcomes = set(), 0, [], {"killed": 0, "had finished": 0}
    _acknowledge(home, repo, -1, 20)
    command = prepare(home, repo, -1)
    calibrate = time.monotonic()
    _start(home, repo, *command).wait()
    typical = time.monotonic() - calibrate
    for round_ in range(rounds):
        acknowledged |= _acknowledge(home, repo, round_, 20)
        command = prepare(home, repo, round_)
        child = _start(home, repo, *command)
        time.sleep(random.uniform(0.2, 1.0) * typical)
        outcomes["killed" if child.poll() is None else "had finished"] += 1
        child.kill()
        child.wait()
        lost = len(acknowledged - stored_hashes(home))
        problems += integrity(home)
        progress(f"kill -9 during {kind}", round_, len(acknowledged), lost, problems, outcomes)
    return {"rounds": rounds, "typical_run_s": round(typical, 1), **outcomes,
            "acknowledged": len(acknowledged), "lost": lost, "integrity": problems or "ok"}


def _abzu(home: Path, repo: Path, args: list[str], stdin: bytes = b"") -> tuple[int, str, str]:
    env = {**os.environ, "ABZU_HOME": str(home)}
    done = subprocess.run([str(Path(sys.executable).with_name("abzu")), *args], input=stdin,
                          capture_output=True, cwd=repo, env=env, timeout=120, check=False)
    return done.returncode, done.stdout.decode(errors="replace"), done.stderr.decode(errors="replace")


def _transcripts(folder: Path) -> dict[str, Path]:
    folder.mkdir(parents=True, exist_ok=True)
    real = '{"type":"user","sessionId":"s","message":{"role":"user","content":"hello"}}\n'
    cases = {"truncated": real + real[:30], "garbage": "\x00\x01 not json {{{\n",
             "non-utf8": None, "50MB-line": '{"type":"user","x":"' + "a" * 50_000_000 + '"}\n'}
    paths = {}
    for name, body in cases.items():
        path = folder / f"{name}.jsonl"
        path.write_bytes(b"\xff\xfe\xfa broken \x80\n" if body is None else body.encode())
        paths[name] = path
    return paths


def sweep() -> list[tuple[str, bool, str]]:
    """Each case: (name, passed, what was seen). Hooks: exit 0, nothing on stderr. CLI: one line."""
    home, repo = fresh_home()
    _abzu(home, repo, ["remember", "keep this memory safe", "--category", "preference"])
    rows = []

    def cli(name: str, args: list[str]) -> None:
        rc, _out, err = _abzu(home, repo, args)
        lines = [line for line in err.splitlines() if line.strip()]
        rows.append((name, len(lines) <= 1 and "Traceback" not in err, f"rc={rc} {lines[:1]}"))

    def hook(name: str, event: str, stdin: bytes) -> None:
        rc, _out, err = _abzu(home, repo, ["hook", event], stdin)
        rows.append((name, rc == 0 and err == "", f"rc={rc} stderr={err[:80]!r}"))

    cli("fts syntax query", ["recall", '"unbalanced AND (NEAR OR *'])
    cli("10k-character query", ["recall", "word " * 2000])
    cli("NUL bytes in a memory", ["remember", "nul\x01 here", "--category", "learning"])
    hook("empty hook stdin", "session-start", b"")
    hook("huge hook stdin (8 MB)", "session-start", b"{" + b"x" * 8_000_000)
    for name, path in _transcripts(home.parent / "transcripts").items():
        payload = f'{{"session_id":"s-{name}","hook_event_name":"PreCompact","transcript_path":"{path}",'
        hook(f"{name} transcript", "pre-compact", (payload + '"trigger":"auto"}').encode())
    rows.append(("memory kept through the sweep", "keep this memory safe" in _abzu(
        home, repo, ["recall", "memory safe"])[1], ""))
    (home / "abzu.db").write_bytes(b"garbage" * 1000)
    for suffix in ("-wal", "-shm"):
        (home / f"abzu.db{suffix}").unlink(missing_ok=True)
    _rc, _out, err = _abzu(home, repo, ["status"])
    rows.append(("database replaced by garbage", "abzu.db" in err and len(err.splitlines()) == 1,
                 err.strip()[:120]))
    return rows


def floor_ms() -> float:
    """`python -c pass` (this interpreter, not a shim) in this run: the floor the figures are read against."""
    runs = []
    for _ in range(7):
        started = time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], check=True)
        runs.append(time.perf_counter() - started)
    return 1000 * statistics.median(runs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--writers", type=int, default=32)
    parser.add_argument("--writes", type=int, default=50)
    parser.add_argument("--readers", type=int, default=4)
    parser.add_argument("--kills", type=int, default=20)
    parser.add_argument("--command-kills", type=int, default=20, help="rounds each for review, finalize")
    parser.add_argument("--driver", choices=["container", "light"], default="container",
                        help="how writers and readers build the use cases (contention, kills)")
    parser.add_argument("--skip", nargs="*", default=[],
                        choices=["contention", "kills", "review", "finalize", "sweep"])
    args = parser.parse_args()
    DRIVER["name"] = args.driver
    print(f"load average at start: {os.getloadavg()[0]:.1f}; driver {args.driver}; "
          f"python -c pass: {floor_ms():.1f} ms (median of 7)")
    if "contention" not in args.skip:
        print("contention:", contention(args.writers, args.writes, args.readers), flush=True)
    if "kills" not in args.skip:
        print("kill -9 of a writer:", kill_rounds(args.kills), flush=True)
    for kind in ("review", "finalize"):
        if kind not in args.skip:
            print(f"kill -9 during {kind}:", kill_command_rounds(kind, args.command_kills), flush=True)
    if "sweep" not in args.skip:
        for name, passed, seen in sweep():
            print(f"sweep: {'ok  ' if passed else 'FAIL'} {name}: {seen}", flush=True)


if __name__ == "__main__":
    main()
