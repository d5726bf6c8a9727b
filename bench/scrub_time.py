"""How long `abzu scrub` takes on a full store, through the real container (in process).

    .venv/bin/python bench/scrub_time.py                   # 10,000 beads + 1,000 candidates
    .venv/bin/python bench/scrub_time.py --beads 100000    # larger

The store is filled with bench/fill_store.py (seeded synthetic notes) in a temporary folder, never
the user's data home. Then one bead in a hundred (and one candidate in a hundred) gets a fake
GitHub token appended by a raw UPDATE, as if stored before the rule existed. Timed, in order: a
dry run, the scrub, and a second scrub of the now clean store (which still purges and vacuums).
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

from abzu.application.scrub_stores import ScrubReport, ScrubRequest
from abzu.entrypoints.container import build_container
from abzu.entrypoints.settings import Settings

EVERY = 100


def token() -> str:
    return "ghp_" + "".join(secrets.choice(string.ascii_letters + string.digits) for _ in range(36))


def plant(path: Path, table: str) -> int:
    with closing(sqlite3.connect(path)) as conn, conn:
        ids = [row[0] for row in conn.execute(f"SELECT id FROM {table} ORDER BY id")][::EVERY]
        conn.executemany(f"UPDATE {table} SET content = content || ' token ' || ? WHERE id = ?",
                         [(token(), i) for i in ids])
    return len(ids)


def timed(home: Path, repo: Path, dry_run: bool) -> tuple[float, float, ScrubReport]:
    container = build_container(Settings(home=home), cwd=repo)
    container.wisdom_engine()
    container.staging_engine()
    wall, cpu = time.perf_counter(), time.process_time()
    report = container.scrub_stores().execute(ScrubRequest(dry_run=dry_run))
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    container.shutdown_resources()
    return wall, cpu, report


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
        print("| run | wall s | CPU s | rows checked | rows changed |")
        print("|---|---:|---:|---:|---:|")
        for label, dry_run in (("dry run", True), ("scrub", False), ("scrub again (clean)", False)):
            wall, cpu, report = timed(filled.home, filled.repo, dry_run)
            print(f"| {label} | {wall:.2f} | {cpu:.2f} | {report.scanned} | {report.changed} |")


if __name__ == "__main__":
    main()
