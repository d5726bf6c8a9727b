"""Check: redaction gives the same output as Abzu at git REF, on every input the redaction benches
and tests use, for changes meant to make redaction cheaper without changing what it finds.

Inputs: a generated transcript (`transcript_ingest.generate`, --size-mb) with fake secrets
planted as `redaction_throughput.py` plants them, its lines and their text blocks; the false-
positive corpus (`tests/redaction_corpus.py`: fixture transcripts, this project's source, the
installed RECORD files, the standard library); the ReDoS lines; every token format in every
setting (`tests/token_corpus.py`); every rule's own positive examples (tests/unit/test_redaction.py).

Each side runs in its own process (REF exported with `git archive`, first on PYTHONPATH, as
cli_latency.py does) and prints the count of texts, how many changed, and a SHA-256 over every
output text, finding (rule, start, end) and private-span count. Exit 1 when they differ.

    .venv/bin/python bench/redaction_parity.py --base main [--size-mb 8]
"""

import argparse
import hashlib
import os
import random
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def texts(size_mb: int) -> list[str]:
    from redaction_throughput import planted, text_blocks
    from transcript_ingest import generate

    from tests.redaction_corpus import sources
    from tests.redos_lines import adversarial_lines
    from tests.token_corpus import corpus
    from tests.unit.test_redaction import ALL_POSITIVES

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "transcript.jsonl"
        generate(path, size_mb)
        lines = planted(path.read_text(encoding="utf-8").splitlines(), random.Random(7))
    found = lines + [block for line in lines for block in text_blocks(line)]
    found += [line for lines_ in sources().values() for line in lines_]
    found += list(adversarial_lines().values())
    return found + [text for *_row, text in corpus()] + [case.text for case in ALL_POSITIVES]


def digest(size_mb: int) -> str:
    from abzu.domain.redaction import redact

    every, changed, summary = texts(size_mb), 0, hashlib.sha256()
    for text in every:
        done = redact(text)
        changed += done.changed
        seen = (done.text, [(f.rule, f.start, f.end) for f in done.findings], done.private_spans)
        summary.update(repr(seen).encode("utf-8", "surrogatepass"))
    return f"{len(every)} texts, {changed} changed, {summary.hexdigest()}"


def side(size_mb: int, pythonpath: str | None) -> str:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    if pythonpath:
        env["PYTHONPATH"] = pythonpath
    done = subprocess.run([sys.executable, __file__, "--digest", str(size_mb)], env=env, cwd=REPO,
                          capture_output=True, text=True, check=True)
    return done.stdout.strip()


def main() -> None:
    if sys.argv[1:2] == ["--digest"]:
        sys.path[:0] = [str(REPO / "bench"), str(REPO)]
        print(digest(int(sys.argv[2])))
        return
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base", required=True, help="git ref to compare with (e.g. main)")
    parser.add_argument("--size-mb", type=int, default=8)
    args = parser.parse_args()
    from cli_latency import export_base

    with tempfile.TemporaryDirectory(prefix="abzu-redaction-parity-") as folder:
        base = side(args.size_mb, str(export_base(args.base, Path(folder))))
    this = side(args.size_mb, None)
    print(f"base ({args.base}): {base}\nthis: {this}\n{'same' if base == this else 'DIFFERENT'}")
    raise SystemExit(0 if base == this else 1)


if __name__ == "__main__":
    main()
