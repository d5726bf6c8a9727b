"""What the redactor still flags in real benign text, and the rate per source (issue 7, S2).

Sources: the corpus of tests/integration/test_redaction_false_positives.py (fixture transcripts,
this project's source, installed packages' RECORD files, the standard library), plus every
JSONL transcript under each --transcripts DIR (e.g. ../shared/fixtures/claude-jsonl), as raw lines.

    .venv/bin/python bench/redaction_false_positives.py [--transcripts DIR ...] [--show 50]
"""

import argparse
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
from abzu.domain.redaction import redact  # noqa: E402
from tests.redaction_corpus import sources  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--transcripts", nargs="*", default=[], metavar="DIR")
    parser.add_argument("--show", type=int, default=50, help="flagged lines to print per source")
    args = parser.parse_args()
    corpus = sources()
    for folder in args.transcripts:
        files = sorted(Path(folder).rglob("*.jsonl"))
        corpus[f"transcripts in {folder}"] = [
            line for file in files for line in file.read_text(encoding="utf-8").splitlines() if line.strip()
        ]
    total = flagged_total = 0
    started = time.perf_counter()
    for name, lines in corpus.items():
        flagged = [(line, result) for line in lines if (result := redact(line)).changed]
        total, flagged_total = total + len(lines), flagged_total + len(flagged)
        print(f"{name}: {len(flagged)} of {len(lines):,} lines changed ({len(flagged) / len(lines):.3%})")
        for line, result in flagged[: args.show]:
            rules = ", ".join(sorted({finding.rule for finding in result.findings}))
            print(f"    [{rules}] {line.strip()[:150]}")
    seconds = time.perf_counter() - started
    print(f"all: {flagged_total} of {total:,} lines changed ({flagged_total / total:.3%}); {seconds:.1f} s")


if __name__ == "__main__":
    main()
