"""Retrieval quality of Abzu's real recall path, with and without the relevance floor, beside the
grep-style baseline and the issue's plain-FTS5 reference.

    .venv/bin/python bench/eval_locomo.py [PATH]

PATH is a LoCoMo-format file (e.g. ../shared/bench-data/locomo-dev.json). Without PATH a SYNTHETIC
benchmark is generated into a temporary folder (bench/locomo_synthetic.py, seed 7): its figures are
for development only and are not LoCoMo figures.
"""

import subprocess
import sys
import tempfile
import time
from pathlib import Path

from fts_reference import FtsReference

from abzu.adapters.locomo.reader import JsonLocomoReader
from abzu.application.evaluation.report import EvalReport, EvalRequest, System, Unit
from abzu.application.evaluation.turn_memory import memory_text
from abzu.domain.evaluation.dataset import Dataset, QuestionCategory
from abzu.domain.evaluation.evidence import parse_evidence
from abzu.domain.evaluation.metrics import Summary, collapse, score, summarise
from abzu.entrypoints.evaluation import build_evaluation
from abzu.entrypoints.settings import Settings

KS = (1, 5, 10)


class Quiet:
    def sample_started(self, sample_id: str, questions: int) -> None: ...
    def question_done(self) -> None: ...


def product(path: str, unit: Unit, floor: float | None) -> EvalReport:
    with tempfile.TemporaryDirectory() as home:
        request = EvalRequest(path, unit, KS, floor, baseline=True)
        return build_evaluation(Settings(home=Path(home))).execute(request, Quiet()).unwrap()


def reference(dataset: Dataset, unit: Unit, raw_text: bool) -> Summary:
    scores = []
    for sample in dataset.samples:
        docs = [(t.dia_id, t.text if raw_text else memory_text(t)) for t in sample.turns]
        index, known = FtsReference(docs), {t.dia_id for t in sample.turns}
        sessions = {t.dia_id: f"S{t.session}" for t in sample.turns}
        for q in sample.questions:
            evidence = parse_evidence(q.evidence, known).turns
            if q.category == QuestionCategory.ADVERSARIAL or not evidence:
                continue
            ranking, ms = index.rank(q.text, 100)
            if unit is Unit.SESSION:
                ranking, evidence = collapse(ranking, sessions), tuple(collapse(evidence, sessions))
            scores.append(score(ranking, evidence, KS, ms))
    return summarise(scores, len(KS))


def row(name: str, s: Summary) -> str:
    cells = [*s.hit_at, s.mrr, s.all_at[1], s.all_at[2]]
    return (f"| {name} | {s.questions} | " + " | ".join(f"{v:.3f}" for v in cells)
            + f" | {s.p50_ms:.1f} | {s.p95_ms:.1f} |")


def main() -> None:
    if len(sys.argv) > 1:
        path, label = sys.argv[1], sys.argv[1]
    else:
        folder = tempfile.mkdtemp(prefix="abzu-synthetic-")
        path, label = f"{folder}/synthetic-locomo.json", "SYNTHETIC (bench/locomo_synthetic.py, seed 7)"
        generator = str(Path(__file__).with_name("locomo_synthetic.py"))
        subprocess.run([sys.executable, generator, path], check=True)
    dataset = JsonLocomoReader().read(path).unwrap()
    print(f"\nData: {label}\n")
    print("| system | n | hit@1 | hit@5 | hit@10 | MRR | all@5 | all@10 | p50 ms | p95 ms |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for unit in (Unit.TURN, Unit.SESSION):
        started = time.perf_counter()
        floored, open_floor = product(path, unit, None), product(path, unit, 0.0)
        default_floor = f"{unit.value}: abzu, floor {floored.floor:g}"
        print(row(default_floor, floored.summaries(System.PRODUCT)["overall"]))
        print(row(f"{unit.value}: abzu, floor 0", open_floor.summaries(System.PRODUCT)["overall"]))
        print(row(f"{unit.value}: grep baseline", floored.summaries(System.BASELINE)["overall"]))
        print(row(f"{unit.value}: FTS5 reference (memory text)", reference(dataset, unit, raw_text=False)))
        print(row(f"{unit.value}: FTS5 reference (turn text only)", reference(dataset, unit, raw_text=True)))
        ing = floored.ingestion
        print(f"<!-- {unit.value}: two product runs in {time.perf_counter() - started:.1f} s; ingestion "
              f"{ing.turns} turns -> {ing.stored} memories ({ing.duplicates} duplicates, "
              f"{ing.superseded} superseded) in {ing.seconds:.1f} s per run -->")
    print("\nPer category, turn unit, default floor (abzu / baseline):\n")
    report = product(path, Unit.TURN, None)
    for name, s in report.summaries(System.PRODUCT).items():
        b = report.summaries(System.BASELINE)[name]
        print(f"- {name} (n={s.questions}): hit@5 {s.hit_at[1]:.3f} / {b.hit_at[1]:.3f}, "
              f"MRR {s.mrr:.3f} / {b.mrr:.3f}")


if __name__ == "__main__":
    main()
