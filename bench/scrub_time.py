"""How long `abzu scrub` takes on a full store, through the real container (in process).

    .venv/bin/python bench/scrub_time.py                   # 10,000 beads + 1,000 candidates
    .venv/bin/python bench/scrub_time.py --beads 100000    # larger

The store is filled with bench/fill_store.py (seeded synthetic notes) in a temporary folder, never
the user's data home. Then one bead in a hundred (and one candidate in a hundred) gets a fake
GitHub token appended by a raw UPDATE, as if stored before the rule existed. Timed, in order: a
dry run, the scrub, and a second scrub of the now clean store (which still purges and vacuums).
"Write lock" is how long each store held it: from the rewrite to the end of the purge (VACUUM and
the checkpoint included), the time another writer may have to wait.
"""

import argparse
import secrets
import sqlite3
import string
import tempfile
import time
from contextlib import closing
from pathlib import Path

from fill_store import fill

from abzu.adapters.sqlite.stores import ready
from abzu.application.scrub.scrub_stores import ScrubReport, ScrubRequest
from abzu.entrypoints.settings import Settings
from abzu.entrypoints.wiring.container import build_container

EVERY = 100


def token() -> str:
    return "ghp_" + "".join(secrets.choice(string.ascii_letters + string.digits) for _ in range(36))


def plant(path: Path, table: str) -> int:
    with closing(sqlite3.connect(path)) as conn, conn:
        ids = [row[0] for row in conn.execute(f"SELECT id FROM {table} ORDER BY id")][::EVERY]
        conn.executemany(f"UPDATE {table} SET content = content || ' token ' || ? WHERE id = ?",
                         [(token(), i) for i in ids])
    return len(ids)


class Steps:
    """When each step began: the write lock is held from a store's rewrite to the end of its purge."""

    def __init__(self) -> None:
        self.began: list[tuple[str, float]] = []

    def begin(self, label: str, total: int) -> None:
        self.began.append((label, time.perf_counter()))

    def advance(self, count: int) -> None:
        pass

    def locked(self, store: str, end: float) -> float:
        times = [*self.began, ("end", end)]
        start = next((t for label, t in times if label == f"{store} rewrite"), None)
        purge = next((i for i, (label, _) in enumerate(times) if label == f"{store} purge"), None)
        return 0.0 if start is None or purge is None else times[purge + 1][1] - start


def timed(home: Path, repo: Path, dry_run: bool) -> tuple[float, float, str, ScrubReport]:
    container = build_container(Settings(home=home), cwd=repo)
    ready(home / "wisdom.db", "wisdom"), ready(home / "abzu.db", "staging")
    steps, wall, cpu = Steps(), time.perf_counter(), time.process_time()
    report = container.scrub.scrub_stores().execute(ScrubRequest(dry_run=dry_run), steps)
    end = time.perf_counter()
    wall, cpu = end - wall, time.process_time() - cpu
    container.shutdown_resources()
    locked = " / ".join(f"{steps.locked(store, end):.2f}" for store in ("wisdom.db", "abzu.db"))
    return wall, cpu, locked, report


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--beads", type=int, default=10_000)
    parser.add_argument("--candidates", type=int, default=None)
    args = parser.parse_args()
    candidates = args.candidates if args.candidates is not None else args.beads // 10
    with tempfile.TemporaryDirectory() as tmp:
        filled = fill(Path(tmp), beads=args.beads, candidates=candidates)
        planted = plant(filled.home / "wisdom.db", "beads")
        planted += plant(filled.home / "abzu.db", "bead_candidates")
        size = sum(p.stat().st_size for p in filled.home.glob("*.db"))
        print(f"{args.beads} beads + {candidates} candidates, {planted} rows with a token, "
              f"{size / 1e6:.1f} MB of databases, SQLite {sqlite3.sqlite_version}")
        print("| run | wall s | CPU s | write lock s (wisdom / abzu) | rows checked | rows changed |")
        print("|---|---:|---:|---:|---:|---:|")
        for label, dry_run in (("dry run", True), ("scrub", False), ("scrub again (clean)", False)):
            wall, cpu, locked, report = timed(filled.home, filled.repo, dry_run)
            print(f"| {label} | {wall:.2f} | {cpu:.2f} | {locked} | {report.scanned} | {report.changed} |")


if __name__ == "__main__":
    main()
