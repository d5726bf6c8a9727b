"""Peak heap and wall time of `abzu export` and `abzu import` on a big store (Linux: /proc).

    .venv/bin/python bench/recall_latency.py --n 1000000 --keep /tmp/abzu-bench   # build the store once
    .venv/bin/python bench/archive_memory.py --home /tmp/abzu-bench/n1000000-seed42/home

The store is copied first (an export settles the recall stamps: it writes). Peak heap is the
largest `RssAnon` seen every 0.1 s: the process's own memory, not the store's pages SQLite maps
(`RssFile`, given beside it), which the kernel can drop at will. The import goes into an empty
home and its result is exported again and compared line by line with the first export: the
kinds of the lines that differ are listed (a project whose folder does not exist on this
machine is imported without its path, by design: docs/architecture.md, export and import).
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def peak(command: list[str], home: Path) -> dict[str, float]:
    started = time.perf_counter()
    child = subprocess.Popen(command, env={**os.environ, "ABZU_HOME": str(home)}, stdout=subprocess.DEVNULL)
    anon = mapped = 0
    while child.poll() is None:
        fields = _status(child.pid)
        anon, mapped = max(anon, fields.get("RssAnon", 0)), max(mapped, fields.get("RssFile", 0))
        time.sleep(0.1)
    if child.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed ({child.returncode})")
    return {"wall_s": round(time.perf_counter() - started, 1), "peak_heap_mb": anon // 1024,
            "peak_mapped_mb": mapped // 1024}


def _status(pid: int) -> dict[str, int]:
    try:
        lines = Path(f"/proc/{pid}/status").read_text().splitlines()
    except OSError:
        return {}
    pairs = (line.partition(":") for line in lines)
    return {k: int(v.split()[0]) for k, _, v in pairs if v.strip().endswith("kB")}


def _differing(first: Path, again: Path) -> dict[str, int]:
    """Kind -> how many lines of that kind differ between the two exports (empty: identical)."""
    kinds: dict[str, int] = {}
    with first.open(encoding="utf-8") as a, again.open(encoding="utf-8") as b:
        for left, right in zip(a, b, strict=False):
            if left != right:
                kind = json.loads(left).get("kind", "header")
                kinds[kind] = kinds.get(kind, 0) + 1
    return kinds


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--home", type=Path, required=True, help="a data home to export (copied first)")
    parser.add_argument("--abzu", default=str(Path(sys.executable).with_name("abzu")), help="the abzu to run")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="abzu-archive-bench-") as folder:
        work = Path(folder)
        shutil.copytree(args.home, work / "home")
        first, again = work / "first.jsonl", work / "again.jsonl"
        export = peak([args.abzu, "export", "--out", str(first)], work / "home")
        (work / "empty").mkdir()
        imported = peak([args.abzu, "import", str(first)], work / "empty")
        peak([args.abzu, "export", "--out", str(again)], work / "empty")
        report = {"records": sum(1 for _ in first.open(encoding="utf-8")) - 1,
                  "file_mb": first.stat().st_size // 2**20, "export": export, "import": imported,
                  "round_trip_differs": _differing(first, again)}
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
