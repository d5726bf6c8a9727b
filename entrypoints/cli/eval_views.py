"""`abzu eval --json` and `--per-question` output models."""

from pydantic import BaseModel, Field

from abzu.application.evaluation.report import EvalReport, QuestionOutcome, System
from abzu.domain.evaluation.dataset import category_label
from abzu.domain.evaluation.metrics import Summary, first_rank


class SummaryView(BaseModel):
    questions: int
    hit_at: dict[str, float] = Field(description="Share of questions with some evidence in the top k.")
    all_at: dict[str, float] = Field(description="Share of questions with all evidence in the top k.")
    mrr: float
    latency_ms: dict[str, float] = Field(description="Recall latency percentiles (p50, p95).")

    @classmethod
    def of(cls, summary: Summary, ks: tuple[int, ...]) -> "SummaryView":
        return cls(
            questions=summary.questions,
            hit_at={str(k): round(v, 4) for k, v in zip(ks, summary.hit_at, strict=True)},
            all_at={str(k): round(v, 4) for k, v in zip(ks, summary.all_at, strict=True)},
            mrr=round(summary.mrr, 4),
            latency_ms={"p50": round(summary.p50_ms, 3), "p95": round(summary.p95_ms, 3)},
        )


class IngestionView(BaseModel):
    turns: int
    stored: int = Field(description="Memories created (a superseding memory counts as created).")
    duplicates: int = Field(description="Turns whose text was already stored: joined to that memory.")
    superseded: int = Field(description="Memories that replaced a near-identical earlier one.")
    failed: int = Field(description="Turns refused by validation (empty or too long).")
    seconds: float


class EvalView(BaseModel):
    benchmark: str = "locomo"
    path: str
    unit: str
    ks: list[int]
    relevance_floor: float
    depth: int
    samples: int
    ingestion: IngestionView
    skipped: dict[str, int]
    seconds: float
    systems: dict[str, dict[str, SummaryView]] = Field(
        description="Per system ('abzu', 'hybrid', 'baseline'): 'overall' then each question category."
    )

    @classmethod
    def of(cls, report: EvalReport) -> "EvalView":
        request, ing, skip = report.request, report.ingestion, report.skipped
        return cls(
            path=request.path, unit=request.unit.value, ks=list(request.ks),
            relevance_floor=report.floor, depth=request.depth, samples=report.samples,
            ingestion=IngestionView(
                turns=ing.turns, stored=ing.stored, duplicates=ing.duplicates,
                superseded=ing.superseded, failed=ing.failed, seconds=round(ing.seconds, 3),
            ),
            skipped={"adversarial": skip.adversarial, "no_evidence": skip.no_evidence,
                     "unresolvable": skip.unresolvable, "unresolved_evidence_ids": skip.unresolved_ids},
            seconds=round(report.seconds, 3),
            systems={
                system.value: {name: SummaryView.of(s, request.ks)
                               for name, s in report.summaries(system).items()}
                for system in report.systems
            },
        )


class RetrievedView(BaseModel):
    first_rank: int | None
    hit_at: dict[str, bool]
    reciprocal_rank: float
    latency_ms: float
    top: list[str] = Field(description="The top max(k) units retrieved, best first.")


class QuestionView(BaseModel):
    sample_id: str
    question: str
    category: int
    category_label: str
    evidence: list[str]
    unresolved_evidence: list[str]
    relevant: list[str]
    results: dict[str, RetrievedView]

    @classmethod
    def of(cls, q: QuestionOutcome, ks: tuple[int, ...]) -> "QuestionView":
        return cls(
            sample_id=q.sample_id, question=q.question, category=q.category,
            category_label=category_label(q.category), evidence=list(q.evidence),
            unresolved_evidence=list(q.unresolved), relevant=list(q.relevant),
            results={system.value: _retrieved(q, system, ks) for system in q.results},
        )


def _retrieved(q: QuestionOutcome, system: System, ks: tuple[int, ...]) -> RetrievedView:
    got = q.results[system]
    return RetrievedView(
        first_rank=first_rank(got.ranking, q.relevant),
        hit_at={str(k): h for k, h in zip(ks, got.score.hits, strict=True)},
        reciprocal_rank=round(got.score.reciprocal_rank, 4),
        latency_ms=round(got.score.latency_ms, 3), top=list(got.ranking[: max(ks)]),
    )
