"""MCP server latency over real stdio: start-up to a served tools/list, and enki_recall round trips.

    .venv/bin/python bench/mcp_latency.py [--beads 10000] [--candidates 2000] [--starts 15] [--calls 300]

Fills a temporary data home (bench/fill_store.py), then talks raw JSON-RPC to `abzu mcp` the way
Claude Code does (initialize, initialized, tools/list, tools/call), one line per message, and to
the SDK's minimal server (bench/mcp_minimal_server.py) in the same run, interleaved. Issue 31's
targets read: start to tools/list, server CPU, ≤ 1.3x the minimal server's; the warm enki_recall
round trip p50 ≤ 10 ms wall. Measure a plain (non-editable) install: an editable install's
import finder adds to every start. E.g. build the wheel, install it into a fresh venv and run
this file with that venv's python and `--command "<venv>/bin/abzu mcp"`.
"""

import argparse
import json
import os
import random
import resource
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from fill_store import WORDS, Filled, fill
from returns.pipeline import is_successful

from abzu.application.recall import RecallRequest
from abzu.entrypoints.settings import Settings
from abzu.entrypoints.wiring.container import build_container

INITIALIZE = {"protocolVersion": "2025-06-18", "capabilities": {},
              "clientInfo": {"name": "bench", "version": "0"}}


class Server:
    def __init__(self, command: list[str], store: Filled) -> None:
        env = {**os.environ, "ABZU_HOME": str(store.home), "CLAUDE_PROJECT_DIR": str(store.repo)}
        self.proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env,
                                     cwd=store.repo)
        self.next_id = 0

    def request(self, method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
        self.next_id += 1
        self._send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params or {}})
        assert self.proc.stdout
        reply: dict[str, Any] = json.loads(self.proc.stdout.readline())
        assert reply.get("id") == self.next_id and "result" in reply, reply
        return reply["result"]

    def notify(self, method: str) -> None:
        self._send({"jsonrpc": "2.0", "method": method})

    def _send(self, message: dict[str, Any]) -> None:
        assert self.proc.stdin
        self.proc.stdin.write(json.dumps(message).encode() + b"\n")
        self.proc.stdin.flush()

    def close(self) -> None:
        assert self.proc.stdin
        self.proc.stdin.close()
        self.proc.wait(timeout=30)


@dataclass(frozen=True)
class Start:
    initialize: float  # wall seconds from spawn to the initialize reply
    tools_list: float  # wall seconds from spawn to the tools/list reply
    cpu: float  # CPU seconds (user + sys) the server used until then: robust to a loaded machine
    first_call: float = 0.0  # wall seconds from spawn to the first tools/call reply
    call_cpu: float = 0.0  # CPU seconds until then


RECALL = {"name": "enki_recall", "arguments": {"query": "sqlite index"}}
ECHO = {"name": "one", "arguments": {"text": "x"}}


def start_up(command: list[str], store: Filled, call: dict[str, Any] | None = None) -> tuple[Start, Server]:
    """Spawn to initialize, tools/list and (with `call`) the first tools/call, sent at once after
    tools/list as Claude Code does when the model calls a tool early."""
    t0 = time.perf_counter()
    server = Server(command, store)
    server.request("initialize", INITIALIZE)
    t_init = time.perf_counter()
    server.notify("notifications/initialized")
    tools = server.request("tools/list")["tools"]
    t_list = time.perf_counter()
    assert len(tools) == 4
    start = Start(t_init - t0, t_list - t0, cpu_seconds(server.proc.pid))
    if call is not None:
        assert not server.request("tools/call", call).get("isError")
        start = replace(start, first_call=time.perf_counter() - t0, call_cpu=cpu_seconds(server.proc.pid))
    return start, server


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def idle(server: Server, quiet: float = 0.5) -> None:
    """Until the server has used no CPU for `quiet` seconds: whatever the first call left
    running (a worker thread, the SDK's own tasks) is then not counted as the calls' cost."""
    before = cpu_seconds(server.proc.pid)
    while True:
        time.sleep(quiet)
        now = cpu_seconds(server.proc.pid)
        if now == before:
            return
        before = now


def recall_round_trips(server: Server, calls: int, seed: int = 11) -> tuple[float, list[float], int, float]:
    """First call, the others' wall times, results seen, and the server's CPU seconds per call
    after the first (robust to a loaded machine, unlike the wall times)."""
    rng = random.Random(seed)
    timings, hits, cpu = [], 0, 0.0
    for n in range(calls + 1):
        if n == 1:
            idle(server)
            cpu = cpu_seconds(server.proc.pid)
        query = " ".join(rng.sample(WORDS, 2))
        t0 = time.perf_counter()
        result = server.request("tools/call", {"name": "enki_recall", "arguments": {"query": query}})
        elapsed = time.perf_counter() - t0
        assert not result.get("isError"), result
        hits += len(result["structuredContent"]["results"])
        timings.append(elapsed)
    return timings[0], timings[1:], hits, (cpu_seconds(server.proc.pid) - cpu) / calls


def in_process_recalls(store: Filled, calls: int, seed: int = 11) -> tuple[list[float], float]:
    """The same queries through the use case directly: what the stdio round trip adds is the rest.
    Wall times, and CPU seconds per call (this process's, the same measure as the server's)."""
    container = build_container(Settings(home=store.home), cwd=store.repo)
    rng, timings, cpu = random.Random(seed), [], 0.0
    for n in range(calls + 1):
        if n == 1:
            cpu = time.process_time()
        request = RecallRequest(" ".join(rng.sample(WORDS, 2)))
        t0 = time.perf_counter()
        assert is_successful(container.recall().execute(request))
        timings.append(time.perf_counter() - t0)
    cpu = (time.process_time() - cpu) / calls
    container.shutdown_resources()
    return timings[1:], cpu


def python_floor(starts: int, code: str) -> tuple[float, float]:
    """Median wall and CPU seconds of `python -c code`: `pass` is the interpreter's own start,
    `import mcp.server` what loading the SDK costs (the floor of any server built on it)."""
    walls, cpus = [], []
    for _ in range(starts):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], check=True)
        walls.append(time.perf_counter() - t0)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    return statistics.median(walls), statistics.median(cpus)


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--beads", type=int, default=10_000)
    parser.add_argument("--candidates", type=int, default=2_000)
    parser.add_argument("--starts", type=int, default=15)
    parser.add_argument("--calls", type=int, default=300)
    parser.add_argument("--command", default=f"{Path(sys.executable).parent / 'abzu'} mcp")
    args = parser.parse_args()
    command = args.command.split()
    command[0] = os.path.abspath(shutil.which(command[0]) or command[0])
    signal.alarm(900)  # a hung server fails the benchmark instead of blocking it
    root = Path(tempfile.mkdtemp(prefix="abzu-bench-"))
    try:
        store = fill(root, beads=args.beads, candidates=args.candidates)
        report(args, store, command)
    finally:
        shutil.rmtree(root)


MINIMAL = [sys.executable, str(Path(__file__).with_name("mcp_minimal_server.py"))]


def report(args: argparse.Namespace, store: Filled, command: list[str]) -> None:
    starts, minimal, load = [], [], os.getloadavg()[0]
    for _ in range(args.starts):  # interleaved: load affects Abzu and the SDK's floor alike
        start, server = start_up(command, store, RECALL)
        starts.append(start)
        server.close()
        start, server = start_up(MINIMAL, store, ECHO)
        minimal.append(start)
        server.close()
    interpreter, sdk = python_floor(args.starts, "pass"), python_floor(args.starts, "import mcp.server")
    _, server = start_up(command, store)
    first, timings, hits, call_cpu = recall_round_trips(server, args.calls)
    server.close()
    print(f"store: {store.beads} beads + {store.candidates} staged candidates; command: {' '.join(command)}")
    print(f"medians over {args.starts} starts each, interleaved; load (1 min) {load:.1f} at start")
    print_starts("abzu mcp", starts, interpreter[0])
    print_starts("SDK minimal server", minimal, interpreter[0])
    print(f"python -c pass: {ms(interpreter[0])} wall, {ms(interpreter[1])} CPU; "
          f"python -c 'import mcp.server': {ms(sdk[0])} wall, {ms(sdk[1])} CPU")
    q = statistics.quantiles(timings, n=100)
    in_process, direct_cpu = in_process_recalls(store, args.calls)
    direct = statistics.quantiles(in_process, n=100)
    print(f"enki_recall first call after tools/list (opens the stores): {ms(first)}")
    print(f"enki_recall round trip over {len(timings)} calls: p50 {ms(q[49])}, p95 {ms(q[94])}, "
          f"max {ms(max(timings))}; {hits / len(timings):.1f} results per call; "
          f"server CPU {ms(call_cpu)} per call")
    print(f"same queries through the Recall use case in-process: p50 {ms(direct[49])}, p95 {ms(direct[94])}; "
          f"CPU {ms(direct_cpu)} per call (round trip / in-process: wall p50 {q[49] / direct[49]:.2f}x, "
          f"CPU {call_cpu / direct_cpu:.2f}x)")
    print(f"load (1 min) at end {os.getloadavg()[0]:.1f}")


def print_starts(name: str, starts: list[Start], interpreter: float) -> None:
    def line(label: str, walls: list[float], cpus: list[float] | None = None) -> str:
        wall = statistics.median(walls)
        cpu = f"; server CPU until then p50 {ms(statistics.median(cpus))}" if cpus else ""
        return (f"  -> {label}: p50 {ms(wall)} wall ({wall / interpreter:.1f}x python -c pass), "
                f"min {ms(min(walls))}, max {ms(max(walls))}{cpu}")

    print(f"{name}:")
    print(line("initialize", [s.initialize for s in starts]))
    print(line("tools/list", [s.tools_list for s in starts], [s.cpu for s in starts]))
    print(line("first tools/call", [s.first_call for s in starts], [s.call_cpu for s in starts]))


if __name__ == "__main__":
    main()
