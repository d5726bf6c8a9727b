"""Benchmark: what the stale marks (issue 16.3) add to a full-text bead search.

Fills a temporary store with --n synthetic beads (bench/recall_latency.py's generator; every
tenth bead anchored to a file, every hundredth of those marked "code changed"), then runs the
same queries through the real bead search twice per query, interleaved: as shipped (the worst
anchor mark read per row) and with it taken out (`_STALE` → NULL: the search before issue
16.3). Read-only unit of work, no recall stamp, so the difference is the SQL's alone.

    .venv/bin/python bench/stale_recall_overhead.py [--n 100000] [--queries 300]
"""

import argparse
import os
import random
import sqlite3
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
import recall_latency as rl  # the generator of the recall benchmark, reused

from abzu.adapters.sqlite import search as search_module
from abzu.adapters.sqlite.unit_of_work import SqliteUnitOfWork
from abzu.domain.decay import DecayPolicy
from abzu.domain.scope import Scope, ScopeKind
from abzu.domain.text import keywords
from abzu.entrypoints.settings import Settings
from abzu.entrypoints.wiring.container import build_container

SHIPPED_STALE = search_module._STALE


def use(shipped: bool) -> None:
    search_module._STALE = SHIPPED_STALE if shipped else "NULL"
    search_module._statement.cache_clear()


def mark(wisdom: Path) -> int:
    with sqlite3.connect(wisdom) as conn:
        ids = [r[0] for r in conn.execute("SELECT id FROM beads ORDER BY id")][::10]
        conn.executemany("INSERT INTO bead_anchors (memory_id, kind, value, git_commit, stale) "
                         "VALUES (?, 'file', ?, 'c0ffee', ?)",
                         [(b, f"src/m{i}.py", "code changed" if i % 100 == 0 else None)
                          for i, b in enumerate(ids)])
    return len(ids)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=100_000)
    parser.add_argument("--queries", type=int, default=300)
    args = parser.parse_args()
    rng = random.Random(7)
    vocab = rl.Vocabulary.build(rng)
    with tempfile.TemporaryDirectory(prefix="abzu-stale-recall-") as tmp:
        root = Path(tmp)
        (root / rl.PROJECTS[0] / ".git").mkdir(parents=True)
        container = build_container(Settings(home=root / "home"), cwd=root / rl.PROJECTS[0])
        rl.register_projects(container, root)
        rl.fill(container, rl.beads(rng, vocab, args.n), 2000)
        anchored = mark(root / "home" / "wisdom.db")
        times = run(container, [vocab.text(rng, rng.randint(1, 3)) for _ in range(args.queries)])
        container.shutdown_resources()
    print(f"beads={args.n} anchored={anchored} queries={args.queries}")
    for name, samples in times.items():
        print(f"{name}: p50 {rl.percentile(samples, 50):.2f} ms, p95 {rl.percentile(samples, 95):.2f} ms")
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())} (nproc {os.cpu_count()})")


def run(container: object, queries: list[str]) -> dict[str, list[float]]:
    now, scope = datetime.now(UTC), Scope(ScopeKind.PROJECT, rl.PROJECTS[0])
    times: dict[str, list[float]] = {"shipped": [], "without stale": []}
    engines = container.wisdom_store(), container.staging_store()  # type: ignore[attr-defined]
    with SqliteUnitOfWork(*engines, DecayPolicy(), read_only=True) as uow:
        for query in queries:
            terms = keywords(query)
            for shipped, name in ((True, "shipped"), (False, "without stale")):
                use(shipped)
                uow.beads.search(terms, scope, limit=30, now=now)  # the statement built, cached
                start = time.perf_counter()
                uow.beads.search(terms, scope, limit=30, now=now)
                times[name].append((time.perf_counter() - start) * 1000)
    use(True)
    return times


if __name__ == "__main__":
    main()
