"""Benchmark: secret redaction throughput on a large transcript (issue 7; reliability.md S4).

Generates a transcript (default 100 MB) with `bench/transcript_ingest.py`'s generator, plants
fake secrets in one line out of 200 (made up at run time from a seeded RNG: never real keys), then
times `redact()` on

- every raw JSONL line, as the lead first measured it, and
- the text blocks extracted from each line (message text, tool inputs and outputs, thinking):
  what Abzu actually redacts. Extraction is not timed.

and prints MB/s, µs per line (mean, median, p99) and how many lines / blocks changed.
Goal: ≥ 50 MB/s and ≤ 20 µs per typical line.

    .venv/bin/python bench/redaction_throughput.py [--size-mb 100] [--transcript PATH]
    .venv/bin/python bench/redaction_throughput.py --fixtures        # the real fixture transcripts
    .venv/bin/python bench/redaction_throughput.py --pure ...        # without ahocorasick-rs
"""

import argparse
import json
import os
import random
import statistics
import string
import sys
import tempfile
import time
from array import array
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from transcript_ingest import generate

from abzu.domain.redaction.engine import VOCABULARY, redact_with
from abzu.domain.redaction.finder import Finder

FIXTURES = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "claude-jsonl"
PLANT_EVERY = 200
ALNUM = string.ascii_letters + string.digits


def fake_secrets(rng: random.Random) -> Iterator[str]:
    """Secrets in realistic surroundings, made up from `rng`; none is a real credential."""

    def rand(size: int, alphabet: str = ALNUM) -> str:
        return "".join(rng.choice(alphabet) for _ in range(size))

    while True:
        yield rng.choice(
            [
                f"export GITHUB_TOKEN=ghp_{rand(36)}",
                f'curl -H "Authorization: Bearer {rand(40)}" https://api.example.com',
                f"DATABASE_URL=postgres://app:{rand(14)}9!@db.internal:5432/app",
                f"aws_access_key_id = AKIA{rand(16, string.ascii_uppercase + string.digits)}",
                f'password = "{rand(14)}7#"',
                f"the staging API key is sk-proj-{rand(80)}",
            ]
        )


def plant(line: str, secret: str) -> str | None:
    """The line with `secret` appended to its message's first text, if it has one."""
    record = json.loads(line)
    message = record.get("message") if isinstance(record, dict) else None
    content = message.get("content") if isinstance(message, dict) else None
    if isinstance(content, str):
        message["content"] = f"{content}\n{secret}"  # type: ignore[index]
        return json.dumps(record)
    for block in content if isinstance(content, list) else []:
        for key in ("text", "content", "thinking"):
            if isinstance(block, dict) and isinstance(block.get(key), str):
                block[key] = f"{block[key]}\n{secret}"
                return json.dumps(record)
    return None


def planted(lines: list[str], rng: random.Random) -> list[str]:
    """One line in `PLANT_EVERY` (the next one with a message text) gets a fake secret."""
    secrets, out, due = fake_secrets(rng), [], False
    for index, line in enumerate(lines):
        due = due or index % PLANT_EVERY == 0
        changed = plant(line, next(secrets)) if due else None
        out.append(changed or line)
        due = due and changed is None
    return out


def text_blocks(line: str) -> list[str]:
    """The strings of the line's message: text, thinking, tool input values, tool results."""
    try:
        record = json.loads(line)
    except ValueError:
        return []
    message = record.get("message") if isinstance(record, dict) else None
    found: list[str] = []
    if isinstance(message, dict):
        _strings(message.get("content"), found)
    return found


def _strings(value: object, found: list[str]) -> None:
    if isinstance(value, str) and value:
        found.append(value)
    elif isinstance(value, list):
        for item in value:
            _strings(item, found)
    elif isinstance(value, dict):
        for key, item in value.items():
            if key not in ("type", "id", "tool_use_id", "signature"):
                _strings(item, found)


def timed(texts: list[str], finder: Finder) -> tuple[array, int, float]:
    """Per-text seconds, how many changed, and the process CPU seconds of the whole loop."""
    seconds, changed = array("d"), 0
    clock = time.perf_counter
    cpu = time.process_time()
    for text in texts:
        started = clock()
        result = redact_with(text, finder)
        seconds.append(clock() - started)
        changed += result.changed
    return seconds, changed, time.process_time() - cpu


def report(label: str, texts: list[str], finder: Finder, per_line: list[list[str]] | None = None) -> None:
    seconds, changed, cpu = timed(texts, finder)
    size = sum(len(text.encode()) for text in texts)
    total = sum(seconds)
    print(f"{label}: {len(texts):,} texts, {size / 2**20:.1f} MB, changed {changed:,}")
    print(f"  throughput {size / 2**20 / total:.1f} MB/s (CPU {size / 2**20 / cpu:.1f} MB/s)")
    print(f"  µs per text: {_summary(seconds)}")
    if per_line is not None:  # blocks: time per transcript line is the sum over its blocks
        sums, index = array("d"), 0
        for blocks in per_line:
            sums.append(sum(seconds[index : index + len(blocks)]))
            index += len(blocks)
        print(f"  µs per line (its blocks together): {_summary(sums)}")


def _summary(seconds: array) -> str:
    ordered = sorted(seconds)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return (
        f"mean {statistics.fmean(ordered) * 1e6:.1f}, median {statistics.median(ordered) * 1e6:.1f}, "
        f"p99 {p99 * 1e6:.1f}, max {ordered[-1] * 1e6:.0f}"
    )


def run(lines: list[str], title: str, finder: Finder) -> None:
    print(f"== {title}: {len(lines):,} lines; load average {os.getloadavg()[0]:.2f}")
    report("raw JSONL lines", lines, finder)
    per_line = [text_blocks(line) for line in lines]
    report("text blocks", [block for blocks in per_line for block in blocks], finder, per_line)


def repeated(lines: list[str], size_mb: int) -> list[str]:
    """Real lines over and over until `size_mb`: a large transcript of real text, not of a generator's."""
    out, size, target = [], 0, size_mb * 2**20
    while size < target:
        for line in lines:
            out.append(line)
            size += len(line) + 1
    return out


def synthetic(args: argparse.Namespace) -> list[str]:
    if args.transcript:
        return Path(args.transcript).read_text(encoding="utf-8").splitlines()
    with tempfile.TemporaryDirectory(prefix="abzu-bench-") as work:
        path = Path(work) / "bench.jsonl"
        generate(path, args.size_mb)
        lines = path.read_text(encoding="utf-8").splitlines()
    return planted(lines, random.Random(7))


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--size-mb", type=int, default=100)
    parser.add_argument("--transcript", help="redact this JSONL file instead of a generated one")
    parser.add_argument(
        "--fixtures",
        nargs="?",
        const=str(FIXTURES),
        metavar="DIR",
        help="the real transcripts under DIR (default: tests/fixtures/claude-jsonl)",
    )
    parser.add_argument(
        "--repeat-to-mb", type=int, metavar="N",
        help="with --fixtures: repeat the real lines to an N MB transcript (secrets planted as in synthetic)",
    )
    parser.add_argument("--pure", action="store_true", help="search trigger words without ahocorasick-rs")
    args = parser.parse_args()
    finder = Finder(VOCABULARY, accelerated=not args.pure)
    print(f"finder: {'ahocorasick-rs' if finder.accelerated else 'pure Python (one search per word)'}")
    if args.fixtures:
        files = sorted(Path(args.fixtures).rglob("*.jsonl"))
        lines = [line for file in files for line in file.read_text(encoding="utf-8").splitlines()]
        if args.repeat_to_mb:
            lines = planted(repeated(lines, args.repeat_to_mb), random.Random(7))
        title = f"fixture transcripts ({len(files)} files)"
        run(lines, title + (f" repeated to {args.repeat_to_mb} MB" if args.repeat_to_mb else ""), finder)
    else:
        run(synthetic(args), args.transcript or f"synthetic transcript, {args.size_mb} MB", finder)


if __name__ == "__main__":
    main()
