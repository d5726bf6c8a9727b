"""Where the dense side of hybrid recall stops meaning anything (issue 29.4): the cosines the
installed model gives a LoCoMo question's evidence turns, the other turns of its conversation,
and off-topic questions, so the cosine below which a neighbour is noise can be chosen from data.

    .venv/bin/python bench/dense_floor.py /path/to/locomo-dev.json   # needs the semantic extra

Memories and queries are embedded as recall embeds them (memory text as `abzu eval` stores a
turn; the query embedder recall uses). Printed: percentiles of each group, the share of evidence
turns and of off-topic best matches at or above each candidate threshold.

With noise level N, strong-match level S and relevance floor F, a memory found by meaning alone
needs a cosine of N + F x (S - N) (application/semantic/hybrid_recall.py): 0.83 for e5-small's
N = 0.80, S = 0.90 and F = 0.3.
"""

import argparse
import statistics
import sys

import numpy as np

from abzu.adapters.locomo.reader import JsonLocomoReader
from abzu.application.evaluation.turn_memory import memory_text
from abzu.domain.evaluation.dataset import QuestionCategory
from abzu.domain.evaluation.evidence import parse_evidence
from abzu.entrypoints.wiring.dense import query_embedder

# Questions no LoCoMo conversation is about: their best cosine is the noise level.
OFF_TOPIC = [
    "zebra migration patterns in Kenya", "how to compile the Linux kernel with clang",
    "the boiling point of liquid nitrogen", "quarterly VAT filing rules in Belgium",
    "refresh token rotation for OAuth clients", "tuning the JVM garbage collector",
    "the history of the Byzantine navy", "SQLite write-ahead log checkpoint starvation",
    "soldering surface-mount resistors", "orbital mechanics of geostationary satellites",
]
THRESHOLDS = [0.78, 0.80, 0.82, 0.83, 0.84, 0.86, 0.88]


def quantiles(values: list[float]) -> str:
    qs = statistics.quantiles(values, n=100, method="inclusive")
    return " ".join(f"p{p}={qs[p - 1]:.3f}" for p in (5, 25, 50, 75, 95, 99)) + f" max={max(values):.3f}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path")
    args = parser.parse_args(argv)
    dataset = JsonLocomoReader().read(args.path).unwrap()
    embedder = query_embedder()
    evidence, others, best_evidence, best_off = [], [], [], []
    for sample in dataset.samples:
        ids = [t.dia_id for t in sample.turns]
        passages = np.array(embedder.embed_passages([memory_text(t) for t in sample.turns]))
        asked = [q for q in sample.questions if q.category != QuestionCategory.ADVERSARIAL]
        cosines = np.array(embedder.embed_queries([q.text for q in asked])) @ passages.T
        for question, row in zip(asked, cosines, strict=True):
            wanted = set(parse_evidence(question.evidence, set(ids)).turns)
            if not wanted:
                continue
            for dia_id, value in zip(ids, row.tolist(), strict=True):
                (evidence if dia_id in wanted else others).append(value)
            best_evidence.append(max(v for d, v in zip(ids, row.tolist(), strict=True) if d in wanted))
        best_off += (np.array(embedder.embed_queries(OFF_TOPIC)) @ passages.T).max(axis=1).tolist()
    print(f"evidence turns   n={len(evidence)}: {quantiles(evidence)}")
    print(f"other turns      n={len(others)}: {quantiles(others)}")
    print(f"best evidence    n={len(best_evidence)}: {quantiles(best_evidence)}")
    print(f"off-topic best   n={len(best_off)}: {quantiles(best_off)}")
    print("threshold  evidence>=  other>=  off-topic best>=")
    for t in THRESHOLDS:
        share = [sum(c >= t for c in group) / len(group) for group in (evidence, others, best_off)]
        print(f"{t:9.2f}  {share[0]:9.3f}  {share[1]:7.3f}  {share[2]:16.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
