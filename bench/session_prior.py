"""Issue 12.3, measured: does a session prior help recall on the LoCoMo dev split?

    .venv/bin/python bench/session_prior.py /work/shared/bench-data/locomo-dev.json [--blend 0.1 0.2 0.3]

The product path as `abzu eval locomo` runs it (each sample in a fresh data home, turns stored
through the bulk remember path with their ±2 neighbouring turns as context, questions through
Recall at depth 100, floor 0.3), then a post-hoc prior: the eval has no session summaries, so
each conversation session's "summary" is the text of all its turns (an upper bound on what a
real summary could tell; a real one is shorter). The sessions are indexed in an in-memory FTS5
table (porter unicode61, OR of the question's non-stopword terms, bm25), min-max normalised per
question; a turn's score becomes (1 - b) * minmax(recall score) + b * its session's score. Only
turns recall returned are re-ranked (the prior lifts, it does not retrieve). Turn hit@5, hit@10
and MRR with and without, and a paired bootstrap (10,000 resamples, seed 12) of the difference.
Adversarial questions and questions without resolvable evidence are skipped, as in the eval.
"""

import argparse
import random
import sqlite3
import sys
from collections.abc import Sequence
from pathlib import Path

from fts_reference import terms  # the bench's independent tokeniser and stopword list
from semantic_bootstrap import interval  # the same paired bootstrap as the hybrid's

from abzu.adapters.locomo.reader import JsonLocomoReader
from abzu.application.evaluation.turn_memory import memory_text, owners_of, remember_request, turn_contexts
from abzu.application.recall import RecallRequest
from abzu.application.semantic.fusion import min_max
from abzu.domain.evaluation.dataset import QuestionCategory, Sample
from abzu.domain.evaluation.evidence import parse_evidence
from abzu.domain.evaluation.metrics import hit_at, reciprocal_rank
from abzu.entrypoints.evaluation import ContainerSandboxes
from abzu.entrypoints.settings import Settings

Ranked = list[tuple[str, float]]  # (turn id, recall score), best first


def session_scores(sample: Sample, question: str) -> dict[int, float]:
    db = sqlite3.connect(":memory:")
    db.execute("CREATE VIRTUAL TABLE s USING fts5(text, tokenize='porter unicode61')")
    sessions = sorted({t.session for t in sample.turns})
    db.executemany("INSERT INTO s(rowid, text) VALUES (?, ?)", [
        (n, " ".join(memory_text(t) for t in sample.turns if t.session == n)) for n in sessions])
    words = terms(question)
    if not words:
        return {}
    match = " OR ".join('"' + w.replace('"', "") + '"' for w in words)
    rows = db.execute("SELECT rowid, -bm25(s) FROM s WHERE s MATCH ?", (match,)).fetchall()
    return min_max([(int(r), float(v)) for r, v in rows])  # type: ignore[misc]


def with_prior(
    ranked: Ranked, session_of: dict[str, int], prior: dict[int, float], blend: float,
) -> list[str]:
    base = min_max(ranked)
    score = {t: (1 - blend) * base[t] + blend * prior.get(session_of[t], 0.0) for t, _ in ranked}
    order = {t: i for i, (t, _) in enumerate(ranked)}
    return sorted(score, key=lambda t: (-score[t], order[t]))


def run_sample(
    sample: Sample, sandboxes: ContainerSandboxes, blends: Sequence[float],
) -> list[dict[str, list[float]]]:
    out = []
    with sandboxes.open(sample.sample_id) as box:
        turns = sample.turns
        contexts = turn_contexts(turns)
        requests = [remember_request(t, sample.sample_id, c) for t, c in zip(turns, contexts, strict=True)]
        done = box.remember_many.execute(requests)
        owners = owners_of(turns, done)
        session_of = {t.dia_id: t.session for t in turns}
        known = set(session_of)
        for q in sample.questions:
            evidence = parse_evidence(q.evidence, known)
            if q.category == QuestionCategory.ADVERSARIAL or not evidence.turns:
                continue
            found = box.recall.execute(RecallRequest(q.text, "project", sample.sample_id, 100, 0.3)).unwrap()
            ranked = [(d, h.score) for h in found.hits for d in owners.get(h.hit.item_id, ())]
            prior = session_scores(sample, q.text)
            rankings = {"off": [t for t, _ in ranked]} | {
                str(b): with_prior(ranked, session_of, prior, b) for b in blends}
            out.append({name: [float(hit_at(r, evidence.turns, 5)), float(hit_at(r, evidence.turns, 10)),
                               reciprocal_rank(r, evidence.turns)] for name, r in rankings.items()})
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dataset", type=Path)
    parser.add_argument("--blend", type=float, nargs="+", default=[0.1, 0.2, 0.3])
    args = parser.parse_args()
    dataset = JsonLocomoReader().read(str(args.dataset)).unwrap()
    sandboxes = ContainerSandboxes(Settings(semantic=False))
    rows = [r for s in dataset.samples for r in run_sample(s, sandboxes, args.blend)]
    print(f"{len(rows)} questions")
    for name in ["off", *map(str, args.blend)]:
        means = [sum(r[name][i] for r in rows) / len(rows) for i in range(3)]
        line = f"blend {name:>4}: hit@5 {means[0]:.3f}  hit@10 {means[1]:.3f}  MRR {means[2]:.3f}"
        if name != "off":
            rng = random.Random(12)
            for i, metric in ((0, "hit@5"), (2, "MRR")):
                mean, low, high = interval([r[name][i] - r["off"][i] for r in rows], 10_000, rng)
                line += f"  | {metric} {mean:+.3f} [{low:+.3f}, {high:+.3f}]"
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
