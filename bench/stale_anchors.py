"""Benchmark: the maintenance pass's stale-anchor check (issue 16.3) on a real git repository.

Builds a repository of --files files added over --commits commits, and --beads reviewed beads,
each anchored to one file at the commit that file was added in (so the pass has --commits
(root, commit) pairs to ask git about). Then rewrites --changed of the files and deletes
--deleted of them in one last commit, and times, in-process:

- the first stale pass (`MarkStaleAnchors`, as maintenance runs it), which marks them;
- the whole maintenance pass right after (stale pass + decay + flagged deletions + retention);
- --runs further stale passes with nothing new to mark (git still asked about every pair).

`python3 -c pass` is timed in the same run (the floor of any process start) and the load
average is printed: the machine is shared.

    .venv/bin/python bench/stale_anchors.py [--beads 10000] [--files 2000] [--commits 20] [--runs 5]
"""

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

IDENTITY = ["-c", "user.name=bench", "-c", "user.email=bench@example.invalid",
            "-c", "init.defaultBranch=main"]


def git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", *IDENTITY, *args], cwd=repo, check=True, capture_output=True,
                          text=True).stdout.strip()


def build_repo(repo: Path, files: int, commits: int) -> list[str]:
    """The commit each file was added in, by file number."""
    repo.mkdir(parents=True)
    git(repo, "init", "-q")
    added_in, per_commit = [], -(-files // commits)
    for c in range(commits):
        batch = range(c * per_commit, min(files, (c + 1) * per_commit))
        for f in batch:
            path = repo / "src" / f"pkg{f % 20}" / f"mod{f}.py"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(f"def f{f}():\n    return {f}\n")
        git(repo, "add", "-A")
        git(repo, "commit", "-q", "-m", f"commit {c}")
        added_in += [git(repo, "rev-parse", "HEAD")] * len(batch)
    return added_in


def populate(container: object, beads: int, added_in: list[str]) -> None:
    from abzu.application.projects import resolve_project
    from abzu.domain.anchors import Anchor, AnchorKind
    from abzu.domain.bead import Bead
    from abzu.domain.category import Category
    from abzu.domain.content import content_hash

    now = datetime.now(UTC)
    with container.uow() as uow:  # type: ignore[attr-defined]
        project = resolve_project(uow.projects, container.workspace(), None, now)  # type: ignore[attr-defined]
        for i in range(beads):
            f = i % len(added_in)
            text = f"Bead {i}: mod{f}.py keeps rule number {i}"
            uow.beads.add(Bead(f"b-{i:06d}", text, list(Category)[i % 5], project, content_hash(text), now))
            anchor = Anchor(AnchorKind.FILE, f"src/pkg{f % 20}/mod{f}.py")
            uow.bead_anchors.attach(f"b-{i:06d}", [anchor], added_in[f])
        uow.commit()


def change(repo: Path, files: int, changed: float, deleted: float) -> tuple[int, int]:
    rewritten = list(range(0, files, max(1, round(1 / changed)))) if changed else []
    removed = [f for f in range(1, files, max(1, round(1 / deleted)))] if deleted else []
    removed = [f for f in removed if f not in set(rewritten)]
    for f in rewritten:
        (repo / "src" / f"pkg{f % 20}" / f"mod{f}.py").write_text(f"async def f{f}():\n    return {f}\n")
    for f in removed:
        (repo / "src" / f"pkg{f % 20}" / f"mod{f}.py").unlink()
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "rewrite and delete")
    return len(rewritten), len(removed)


class TimedGit:
    """The real `SubprocessGit`, adding up the wall time spent waiting for git."""

    def __init__(self, git: object) -> None:
        self.git, self.spent_ms = git, 0.0

    def head(self, folder: str) -> str | None:
        return self.git.head(folder)  # type: ignore[attr-defined, no-any-return]

    def changes(self, root: str, commit: str, paths: list[str]) -> object:
        start = time.perf_counter()
        try:
            return self.git.changes(root, commit, paths)  # type: ignore[attr-defined]
        finally:
            self.spent_ms += ms(start)


def ms(start: float) -> float:
    return (time.perf_counter() - start) * 1000


def floor_ms(runs: int = 5) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], check=True)
        times.append(ms(start))
    return statistics.median(times)


def measure(container: object, runs: int) -> dict[str, object]:
    from dataclasses import replace

    timed_git = TimedGit(container.git())  # type: ignore[attr-defined]
    stale_pass = replace(container.sessions.maintenance().anchors, git=timed_git)  # type: ignore[attr-defined]
    start = time.perf_counter()
    first = stale_pass.execute()
    first_ms, first_git_ms = ms(start), timed_git.spent_ms
    start = time.perf_counter()
    container.sessions.maintenance().execute()  # type: ignore[attr-defined]
    whole_ms, timed_git.spent_ms = ms(start), 0.0
    steady = []
    for _ in range(runs):
        start = time.perf_counter()
        stale_pass.execute()
        steady.append(ms(start))
    return {"first": first, "first_ms": first_ms, "first_git_ms": first_git_ms, "whole_ms": whole_ms,
            "steady": steady, "steady_git_ms": timed_git.spent_ms / runs}


def report(args: argparse.Namespace, counts: tuple[int, int], m: dict[str, Any], floor: float,
           load_before: tuple[float, float, float]) -> None:
    first, steady = m["first"], m["steady"]
    print(f"beads={args.beads} files={args.files} commits={args.commits} rewritten={counts[0]} "
          f"deleted={counts[1]}")
    print(f"first stale pass: {m['first_ms']:.0f} ms ({first.marked_stale} marked stale, "
          f"{first.flagged_for_review} flagged for review, {first.checks} git calls taking "
          f"{m['first_git_ms']:.0f} ms)")
    print(f"whole maintenance right after: {m['whole_ms']:.0f} ms")
    print(f"stale pass, nothing new (median of {args.runs}): {statistics.median(steady):.0f} ms "
          f"(min {min(steady):.0f}, max {max(steady):.0f}; git {m['steady_git_ms']:.0f} ms a pass)")
    print(f"python3 -c pass: {floor:.1f} ms; stale pass / floor: {statistics.median(steady) / floor:.1f}x")
    print(f"load average before: {load_before[0]:.2f} {load_before[1]:.2f} {load_before[2]:.2f}; "
          f"after: {' '.join(f'{x:.2f}' for x in os.getloadavg())} (nproc {os.cpu_count()})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--beads", type=int, default=10_000)
    parser.add_argument("--files", type=int, default=2_000)
    parser.add_argument("--commits", type=int, default=20)
    parser.add_argument("--changed", type=float, default=0.1)
    parser.add_argument("--deleted", type=float, default=0.01)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()

    from abzu.entrypoints.settings import Settings
    from abzu.entrypoints.wiring.container import build_container

    with tempfile.TemporaryDirectory(prefix="abzu-stale-bench-") as tmp:
        repo, home = Path(tmp) / "api", Path(tmp) / "home"
        added_in = build_repo(repo, args.files, args.commits)
        container = build_container(Settings(home=home), cwd=repo)
        populate(container, args.beads, added_in)
        counts = change(repo, args.files, args.changed, args.deleted)
        load_before = os.getloadavg()
        measured = measure(container, args.runs)
        floor = floor_ms()
        container.shutdown_resources()
    report(args, counts, measured, floor, load_before)


if __name__ == "__main__":
    main()
