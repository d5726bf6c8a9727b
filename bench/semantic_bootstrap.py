"""Paired bootstrap of hybrid vs lexical recall on `abzu eval --per-question` output (issue 12.4).

    abzu eval locomo ../shared/bench-data/locomo-dev.json --semantic --no-baseline \
        --per-question /tmp/q.jsonl
    python bench/semantic_bootstrap.py /tmp/q.jsonl [--k 5] [--resamples 10000]

Each resample draws questions with replacement and takes the mean difference (hybrid - lexical)
of hit@k and of reciprocal rank over the same draw; the 95 % interval is the 2.5th to 97.5th
percentile. A gain is "proven" when the interval excludes zero.
"""

import argparse
import json
import random
from pathlib import Path


def _paired(path: Path, k: str) -> tuple[list[float], list[float], list[float], list[float]]:
    hit_l, hit_h, rr_l, rr_h = [], [], [], []
    for line in path.read_text(encoding="utf-8").splitlines():
        results = json.loads(line)["results"]
        lexical, hybrid = results["abzu"], results["hybrid"]
        hit_l.append(float(lexical["hit_at"][k]))
        hit_h.append(float(hybrid["hit_at"][k]))
        rr_l.append(lexical["reciprocal_rank"])
        rr_h.append(hybrid["reciprocal_rank"])
    return hit_l, hit_h, rr_l, rr_h


def interval(diffs: list[float], resamples: int, rng: random.Random) -> tuple[float, float, float]:
    n = len(diffs)
    means = sorted(sum(diffs[rng.randrange(n)] for _ in range(n)) / n for _ in range(resamples))
    return sum(diffs) / n, means[int(0.025 * resamples)], means[int(0.975 * resamples) - 1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("per_question", type=Path)
    parser.add_argument("--k", default="5")
    parser.add_argument("--resamples", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=12)
    args = parser.parse_args()
    hit_l, hit_h, rr_l, rr_h = _paired(args.per_question, args.k)
    rng = random.Random(args.seed)
    print(f"{len(hit_l)} questions, {args.resamples} paired resamples, seed {args.seed}")
    for name, lex, hyb in ((f"hit@{args.k}", hit_l, hit_h), ("MRR", rr_l, rr_h)):
        diffs = [h - x for x, h in zip(lex, hyb, strict=True)]
        mean, low, high = interval(diffs, args.resamples, rng)
        proven = "proven" if low > 0 else ("worse" if high < 0 else "not proven")
        print(f"{name:7} lexical {sum(lex) / len(lex):.3f}  hybrid {sum(hyb) / len(hyb):.3f}  "
              f"diff {mean:+.3f}  95% CI [{low:+.3f}, {high:+.3f}]  {proven}")


if __name__ == "__main__":
    main()
