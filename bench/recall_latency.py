"""Recall latency at scale: fill a temporary store with synthetic beads, then time real recalls.

    .venv/bin/python bench/recall_latency.py                 # N = 10,000 and 100,000
    .venv/bin/python bench/recall_latency.py --n 1000000     # optional, slow to fill

Beads (plus one staged candidate per ten beads) are spread over 20 projects (10 % global) and
written through the SQLite repositories, one transaction per batch. Each recall goes through the
real container and the Recall use case, in process: FTS on both stores, ranking, and the write
that stamps `last_accessed` (wisdom.db is synchronous=FULL, so that commit includes an fsync).
The store lives in a temporary folder, never in the user's data home.
"""

import argparse
import gc
import itertools
import os
import platform
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

from abzu.application.projects import project_for_root
from abzu.application.recall import RecallRequest
from abzu.domain.bead import Bead, Candidate, CandidateSource
from abzu.domain.category import Category
from abzu.domain.content import content_hash
from abzu.entrypoints.settings import Settings
from abzu.entrypoints.wiring.container import Container, build_container

PROJECTS = [f"proj-{i:02d}" for i in range(20)]
T0 = datetime(2026, 1, 1, tzinfo=UTC)
STAGED_EVERY = 10


@dataclass(frozen=True)
class Vocabulary:
    """Pronounceable synthetic words with a Zipf-like frequency, like real notes."""

    words: list[str]
    cum_weights: list[float]

    @classmethod
    def build(cls, rng: random.Random, size: int = 8000) -> "Vocabulary":
        syllables = [c + v for c in "bcdfghklmnprstvz" for v in "aeiou"]
        words = sorted({"".join(rng.choices(syllables, k=rng.randint(2, 4))) for _ in range(size * 2)})[:size]
        rng.shuffle(words)
        return cls(words, list(itertools.accumulate(1 / (rank + 1) for rank in range(len(words)))))

    def text(self, rng: random.Random, length: int) -> str:
        return " ".join(rng.choices(self.words, cum_weights=self.cum_weights, k=length))


def beads(rng: random.Random, vocab: Vocabulary, n: int) -> Iterator[Bead | Candidate]:
    categories = [c for c in Category if c is not Category.PREFERENCE]
    for i in range(n + n // STAGED_EVERY):
        text = f"{vocab.text(rng, rng.randint(8, 40))} {i}"
        project = None if rng.random() < 0.1 else rng.choice(PROJECTS)
        created = T0 - timedelta(days=rng.randint(0, 900))
        if i % (STAGED_EVERY + 1) == STAGED_EVERY:
            yield Candidate(
                f"c-{i}",
                text,
                rng.choice(categories),
                project,
                content_hash(text),
                CandidateSource.SESSION_END,
                created,
            )
        else:
            yield Bead(
                f"b-{i}",
                text,
                rng.choice(list(Category)),
                project,
                content_hash(text),
                created,
                summary=vocab.text(rng, 5),
                last_accessed=created + timedelta(days=rng.randint(0, 30)),
                starred=rng.random() < 0.02,
            )


def fill(container: Container, items: Iterator[Bead | Candidate], batch: int) -> int:
    count, done = 0, False
    while not done:
        with container.uow() as uow:
            for _ in range(batch):
                item = next(items, None)
                if item is None:
                    done = True
                    break
                (uow.beads.add if isinstance(item, Bead) else uow.candidates.add)(item)  # type: ignore[operator]
                count += 1
            uow.commit()
    return count


def register_projects(container: Container, root: Path) -> None:
    with container.uow() as uow:
        for name in PROJECTS:
            project_for_root(uow.projects, str(root / name), T0)
        uow.commit()


def percentile(samples: list[float], q: float) -> float:
    return statistics.quantiles(samples, n=100, method="inclusive")[int(q) - 1]


def run(n: int, queries: int, batch: int, seed: int) -> dict[str, float]:
    rng = random.Random(seed)
    vocab = Vocabulary.build(rng)
    with tempfile.TemporaryDirectory(prefix="abzu-bench-") as tmp:
        root = Path(tmp)
        (root / PROJECTS[0] / ".git").mkdir(parents=True)
        container = build_container(Settings(home=root / "home"), cwd=root / PROJECTS[0])
        register_projects(container, root)
        items = list(beads(rng, vocab, n))  # generated up front: the timing is the store's alone
        started = time.perf_counter()
        stored = fill(container, iter(items), batch)
        fill_seconds = time.perf_counter() - started
        del items  # a real process does not hold 100k synthetic beads while it recalls
        gc.collect()
        recall = container.recall()
        asked = [vocab.text(rng, rng.randint(1, 3)) for _ in range(queries + 10)]
        for query in asked[:10]:  # warm the page cache and the connection pool
            recall.execute(RecallRequest(query))
        timings, cpu, hits = [], [], 0
        for query in asked[10:]:
            t, c = time.perf_counter(), time.process_time()
            found = recall.execute(RecallRequest(query)).unwrap()
            timings.append((time.perf_counter() - t) * 1000)
            cpu.append((time.process_time() - c) * 1000)
            hits += len(found.hits)
        container.shutdown_resources()
        raw = raw_fts(root / "home" / "wisdom.db", asked)
    return {
        "n": n,
        "rows": stored,
        "insert_per_s": stored / fill_seconds,
        "p50_ms": percentile(timings, 50),
        "p95_ms": percentile(timings, 95),
        "p99_ms": percentile(timings, 99),
        "max_ms": max(timings),
        "cpu_p95_ms": percentile(cpu, 95),
        "mean_hits": hits / len(timings),
        "raw_p95_ms": percentile(raw, 95),
    }


def raw_fts(wisdom: Path, asked: list[str]) -> list[float]:
    """The reference in the same run: a bare FTS5 query (any term, BM25 order, top 30) on the
    bead index, on a plain sqlite3 connection, no ranking, no write."""
    conn = sqlite3.connect(wisdom)
    sql = "SELECT rowid FROM beads_fts WHERE beads_fts MATCH ? ORDER BY rank LIMIT 30"
    timings = []
    for i, query in enumerate(asked):
        match = " OR ".join(f'"{w}"' for w in query.split())
        t = time.perf_counter()
        conn.execute(sql, (match,)).fetchall()
        if i >= 10:  # the same warm-up as the recalls
            timings.append((time.perf_counter() - t) * 1000)
    conn.close()
    return timings


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, action="append", help="beads to store (repeatable)")
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--batch", type=int, default=1000, help="rows per transaction while filling")
    parser.add_argument("--seed", type=int, default=42)
    args = parser.parse_args(argv)
    print(
        f"SQLite {sqlite3.sqlite_version}, Python {platform.python_version()}, {os.cpu_count()} CPUs, "
        f"load average {os.getloadavg()[0]:.2f} at start"
    )
    print(
        "| beads | rows (+ staged) | insert rows/s | recall p50 ms | p95 ms | p99 ms | max ms "
        "| CPU p95 ms | hits/query | raw FTS5 p95 ms | p95 ratio |"
    )
    print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for n in args.n or [10_000, 100_000]:
        r = run(n, args.queries, args.batch, args.seed)
        print(
            f"| {n:,} | {r['rows']:,.0f} | {r['insert_per_s']:,.0f} | {r['p50_ms']:.2f} | {r['p95_ms']:.2f} "
            f"| {r['p99_ms']:.2f} | {r['max_ms']:.2f} | {r['cpu_p95_ms']:.2f} | {r['mean_hits']:.1f} "
            f"| {r['raw_p95_ms']:.2f} | {r['p95_ms'] / r['raw_p95_ms']:.2f} |",
            flush=True,
        )
    print(f"load average {os.getloadavg()[0]:.2f} at end")
    return 0


if __name__ == "__main__":
    sys.exit(main())
