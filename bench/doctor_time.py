"""How long `abzu doctor` (and `--repair`) takes on a full store, through the real CLI in process.

    .venv/bin/python bench/doctor_time.py                   # 10,000 beads + 1,000 candidates
    .venv/bin/python bench/doctor_time.py --beads 100000    # the issue-15 target: <= 10 s

The store is filled with bench/fill_store.py (seeded synthetic notes) in a temporary folder, never
the user's data home. Timed: a check of the healthy store, then a check after dropping the
insert trigger of beads_fts, then the repair (which rebuilds both FTS indexes).
"""

import argparse
import sqlite3
import tempfile
import time
from contextlib import closing
from pathlib import Path

from baseline import machine, python_pass_ms
from fill_store import fill

from abzu.entrypoints.settings import Settings
from abzu.entrypoints.wiring.container import build_container


def timed(home: Path, repo: Path, repair: bool) -> tuple[float, int]:
    container = build_container(Settings(home=home), cwd=repo)
    start = time.perf_counter()
    report = container.trust.doctor().execute(repair=repair)
    wall = time.perf_counter() - start
    container.shutdown_resources()
    return wall, len(report.problems)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--beads", type=int, default=10_000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        filled = fill(Path(tmp), beads=args.beads, candidates=max(args.beads // 10, 1))
        size = sum(p.stat().st_size for p in filled.home.glob("*.db")) / 1e6
        print(f"{filled.beads} beads, {filled.candidates} candidates, {size:.0f} MB; {machine()}")
        base = python_pass_ms()
        print(f"python3 -c pass: {base:.1f} ms (median of 7)")
        for label, repair in (("check, healthy", False),):
            wall = timed(filled.home, filled.repo, repair)[0]
            print(f"{label:28} {wall:6.2f} s  ({wall * 1000 / base:.0f}x python3 -c pass)")
        with closing(sqlite3.connect(filled.home / "wisdom.db")) as conn:
            conn.execute("DROP TRIGGER beads_ai")
        for label, repair in (("check, trigger dropped", False), ("repair", True), ("check after", False)):
            wall, problems = timed(filled.home, filled.repo, repair)
            print(f"{label:28} {wall:6.2f} s  ({problems} problem(s) left; "
                  f"{wall * 1000 / base:.0f}x python3 -c pass)")
        print(f"at the end: {machine()}; python3 -c pass {python_pass_ms():.1f} ms")


if __name__ == "__main__":
    main()
