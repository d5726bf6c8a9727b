"""Benchmark: ingest a large synthetic Claude Code transcript (issue 4; reliability.md J5).

Generates a transcript of --size-mb (default 100) in a temp dir, shaped like real ones (prompts,
one content block per assistant line, large Read/Write/Bash payloads, thinking, sidechains,
snapshots, progress and attachment lines, failures followed by fixes), then runs the real
ExtractTranscript use case (reader + heuristics + staging into SQLite) in a fresh child process
(through `abzu snapshot`'s use case: the pre-compact snapshot mines it, then appends its summary)
and reports wall time, CPU time and peak RSS of that process. Goals: ≤ 6 s (issue 13; ≤ 10 s in
issue 4), ≤ 150 MB.
Wall time depends on other load on the machine: compare `cpu_seconds`, and `load_1min`.

Then a second `abzu snapshot` of the same session over the unchanged file (issue 29.9): a lint
failure recurs all along and is never fixed, and a failing run near the end waits for its fix,
so the cursor stays up to 2 MB back and the second snapshot reads that tail again.
`second_snapshot` reports what it added: it must add no row and supersede nothing, and the
staged "Known problem" keeps the whole session's count (`known_problems`).

    .venv/bin/python bench/transcript_ingest.py [--size-mb 100] [--keep]
"""

import argparse
import dataclasses
import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

WORDS = (
    "parser", "cursor", "session", "index", "query", "ranking", "decay", "summary", "hook", "spool",
    "token", "budget", "migration", "schema", "review", "candidate", "bead", "project", "recall",
)


def _words(rng: random.Random, n: int) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(n))


class _Lines:
    def __init__(self, seed: int) -> None:
        self.rng, self.n = random.Random(seed), 0

    def _env(self, kind: str, **extra: object) -> dict[str, object]:
        self.n += 1
        return {"parentUuid": f"u{self.n - 1}", "isSidechain": False, "userType": "external",
                "cwd": "/src/api", "sessionId": "bench", "version": "2.1.3", "gitBranch": "main",
                "type": kind, "uuid": f"u{self.n}", "timestamp": "2026-01-15T12:00:00.000Z", **extra}

    def user(self, content: object, **extra: object) -> dict[str, object]:
        return self._env("user", message={"role": "user", "content": content}, **extra)

    def assistant(self, block: dict[str, object], **extra: object) -> dict[str, object]:
        return self._env("assistant", message={"id": f"msg{self.n}", "role": "assistant", "model": "m",
                                               "content": [block], "usage": {}}, requestId="r", **extra)

    def tool(self, tool_id: str, name: str, output: str, *, error: bool = False, **tool_input: object
             ) -> Iterator[dict[str, object]]:
        yield self.assistant({"type": "tool_use", "id": tool_id, "name": name, "input": tool_input})
        block = {"type": "tool_result", "tool_use_id": tool_id, "content": output, "is_error": error}
        yield self.user([block], toolUseResult={"filePath": tool_input.get("file_path")})

    def lint(self, i: int) -> Iterator[dict[str, object]]:
        """A failure that recurs all session and is never fixed (a "known problem")."""
        yield from self.tool(f"l{i}", "Bash", "src/api.ts: 3 problems (3 errors)", error=True,
                             command="npm run lint")

    def waiting(self) -> Iterator[dict[str, object]]:
        """A failing run near the end, still waiting for its fix: the cursor stays on it."""
        yield from self.tool("w0", "Bash", "E   AssertionError\n1 failed", error=True,
                             command="pytest -q tests/test_slow.py")

    def turn(self, i: int) -> Iterator[dict[str, object]]:
        rng, path = self.rng, f"/src/api/module_{i % 400}.py"
        yield self.user(f"please look at {_words(rng, 12)} in module {i % 400}")
        yield self.assistant({"type": "thinking", "thinking": _words(rng, 300), "signature": "s" * 200})
        yield self.assistant({"type": "text", "text": f"Looking at {_words(rng, 25)}."})
        yield from self.tool(f"r{i}", "Read", "\n".join(_words(rng, 12) for _ in range(60)), file_path=path)
        yield from self.tool(f"e{i}", "Edit", f"The file {path} has been updated.", file_path=path,
                             old_string=_words(rng, 40), new_string=_words(rng, 45))
        yield from self.tool(f"b{i}", "Bash", "\n".join(_words(rng, 10) for _ in range(20)),
                             command=f"pytest -q tests/test_{i % 50}.py")
        if i % 5 == 0:
            yield {"type": "file-history-snapshot", "messageId": f"u{self.n}", "snapshot": {
                "trackedFileBackups": {path: {"backupFileName": f"b{i}", "version": 1}}}}
            yield {"type": "progress", "data": {"type": "bash_progress", "output": _words(rng, 30)}}
        if i % 40 == 0:
            yield from self.fix(i)
        if i % 20 == 10:
            yield from self.lint(i)

    def fix(self, i: int) -> Iterator[dict[str, object]]:
        """A failing run, an edit, a passing run, and a stated decision: one fix, one decision."""
        command, path = f"pytest -q tests/test_feature_{i}.py", f"/src/api/feature_{i}.py"
        trace = f"Traceback (most recent call last):\n  File \"{path}\", line 3\nKeyError: 'k{i}'"
        yield from self.tool(f"f{i}", "Bash", trace, error=True, command=command)
        yield from self.tool(f"g{i}", "Edit", "updated", file_path=path, old_string=f"row['k{i}']",
                             new_string=f"row.get('k{i}')")
        yield from self.tool(f"h{i}", "Bash", "3 passed", command=command)
        yield self.assistant({"type": "text", "text": f"I'll use a dict lookup with a default instead of "
                                                      f"indexing for feature {i}."}, isSidechain=i % 80 == 0)


WAITING_BEFORE_END = 1024 * 1024  # within the 2 MB the cursor may stay back


def generate(path: Path, size_mb: int) -> int:
    lines, target, written, waiting = _Lines(seed=7), size_mb * 1024 * 1024, 0, False
    with path.open("wb") as out:
        turn = 0
        while written < target:
            late = not waiting and written >= target - WAITING_BEFORE_END
            for line in [*lines.turn(turn), *(lines.waiting() if late else ())]:
                data = json.dumps(line).encode() + b"\n"
                out.write(data)
                written += len(data)
            waiting, turn = waiting or late, turn + 1
    return turn


def ingest(transcript: Path, home: Path) -> dict[str, float]:
    """Runs in the child process: only the ingest is in this process's peak RSS."""
    import psutil  # imported here: the parent process only generates the file

    from abzu.adapters.sqlite.stores import ready
    from abzu.application.sessions.capture_pre_compact import PreCompactRequest
    from abzu.entrypoints.settings import Settings
    from abzu.entrypoints.wiring.container import build_container

    container = build_container(Settings(home=home), cwd=home)
    ready(home / "abzu.db", "staging"), ready(home / "wisdom.db", "wisdom")
    process, peak = psutil.Process(), [0]
    before = process.memory_info().rss
    done = threading.Event()

    def sample() -> None:
        while not done.wait(0.02):
            peak[0] = max(peak[0], process.memory_info().rss)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    kept = _Kept(container.sessions.extract_transcript())
    snapshot = dataclasses.replace(container.sessions.capture_pre_compact(), extractor=kept)
    start, cpu_start = time.perf_counter(), time.process_time()
    snapshot.execute(PreCompactRequest("bench", str(transcript), "auto"))
    seconds, cpu_seconds = time.perf_counter() - start, time.process_time() - cpu_start
    done.set()
    sampler.join()
    result = kept.results[0]
    second = again(snapshot, transcript, home)
    container.shutdown_resources()
    return {"seconds": seconds, "cpu_seconds": cpu_seconds, "load_1min": os.getloadavg()[0],
            "rss_before_mb": before / 2**20, "rss_peak_sampled_mb": peak[0] / 2**20,
            "ru_maxrss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
            "candidates": result.candidates_created, "files": len(result.digest.files_modified),
            "fixes": len(result.digest.fixes), "corrupt": result.skipped_corrupt, "status": result.status,
            **second}


ROWS = {"candidates": "SELECT count(*) FROM bead_candidates",
        "superseded": "SELECT count(*) FROM bead_candidates WHERE superseded_by IS NOT NULL",
        "summaries": "SELECT count(*) FROM session_summaries"}


class _Kept:
    """The extraction the snapshot runs, with its results kept for the figures."""

    def __init__(self, inner: Any) -> None:
        self.inner, self.results = inner, list[Any]()

    def execute(self, **request: Any) -> Any:
        self.results.append(self.inner.execute(**request))
        return self.results[-1]


def again(snapshot: Any, transcript: Path, home: Path) -> dict[str, object]:
    """A second `abzu snapshot` of the session over the unchanged file: the rows it adds."""
    import sqlite3

    from abzu.application.sessions.capture_pre_compact import PreCompactRequest

    def rows() -> dict[str, int]:
        with sqlite3.connect(home / "abzu.db") as conn:
            return {name: conn.execute(sql).fetchone()[0] for name, sql in ROWS.items()}

    before, cpu = rows(), time.process_time()
    snapshot.execute(PreCompactRequest("bench", str(transcript), "auto"))
    cpu, after = time.process_time() - cpu, rows()
    with sqlite3.connect(home / "abzu.db") as conn:
        known = [r[0] for r in conn.execute("SELECT content FROM bead_candidates WHERE content LIKE "
                                            "'Known problem%' AND superseded_by IS NULL")]
    return {"second_snapshot": {"cpu_seconds": cpu, **{f"{k}_added": after[k] - before[k] for k in ROWS}},
            "known_problems": known}


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--size-mb", type=int, default=100)
    parser.add_argument("--keep", action="store_true", help="keep the temp dir and print its path")
    parser.add_argument("--ingest", nargs=2, metavar=("TRANSCRIPT", "HOME"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.ingest:
        print(json.dumps(ingest(Path(args.ingest[0]), Path(args.ingest[1]))))
        return
    work = Path(tempfile.mkdtemp(prefix="abzu-bench-"))
    transcript = work / "bench.jsonl"
    turns = generate(transcript, args.size_mb)
    size = transcript.stat().st_size
    print(f"transcript: {size / 2**20:.1f} MB, {turns} turns, "
          f"{sum(1 for _ in transcript.open('rb'))} lines")
    child = subprocess.run([sys.executable, __file__, "--ingest", str(transcript), str(work / "home")],
                           check=True, capture_output=True, text=True)
    figures = json.loads(child.stdout.strip().splitlines()[-1])
    print(json.dumps(figures, indent=2))
    print(f"throughput: {size / 2**20 / figures['seconds']:.1f} MB/s")
    if args.keep:
        print(f"kept: {work}")
    else:
        for item in sorted(work.rglob("*"), reverse=True):
            item.rmdir() if item.is_dir() else item.unlink()
        work.rmdir()


if __name__ == "__main__":
    main()
