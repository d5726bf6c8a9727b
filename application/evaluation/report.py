"""What an evaluation was asked to do and what it found."""

from dataclasses import dataclass
from enum import StrEnum

from abzu.domain.counts import Counts
from abzu.domain.evaluation.dataset import SCORED_CATEGORIES, category_label
from abzu.domain.evaluation.metrics import Score, Summary, summarise

DEFAULT_KS = (1, 5, 10)
DEFAULT_DEPTH = 100
OVERALL = "overall"


class Unit(StrEnum):
    TURN = "turn"
    SESSION = "session"


class System(StrEnum):
    PRODUCT = "abzu"
    BASELINE = "baseline"
    HYBRID = "hybrid"  # the same recall fused with dense search (`--semantic`, issue 12.4)


@dataclass(frozen=True, slots=True)
class EvalRequest:
    """`floor` None means the product's configured relevance floor; `depth` is how many results
    each question asks for (MRR and the session collapse see that many)."""

    path: str
    unit: Unit = Unit.TURN
    ks: tuple[int, ...] = DEFAULT_KS
    floor: float | None = None
    baseline: bool = False
    depth: int = DEFAULT_DEPTH
    semantic: bool = False


@dataclass(frozen=True, slots=True)
class Retrieved:
    """One system's answer to one question: units best first, and how long it took."""

    ranking: tuple[str, ...]
    score: Score


@dataclass(frozen=True, slots=True)
class QuestionOutcome:
    sample_id: str
    question: str
    category: int
    evidence: tuple[str, ...]
    relevant: tuple[str, ...]
    unresolved: tuple[str, ...]
    results: dict[System, Retrieved]


@dataclass(frozen=True, slots=True)
class Ingestion(Counts):
    """How the turns went in: each turn is one remember through the bulk path."""

    turns: int = 0
    stored: int = 0
    duplicates: int = 0
    superseded: int = 0
    failed: int = 0
    seconds: float = 0.0


@dataclass(frozen=True, slots=True)
class Skipped(Counts):
    """Questions not scored, by reason, and evidence ids that name no turn."""

    adversarial: int = 0
    no_evidence: int = 0
    unresolvable: int = 0
    unresolved_ids: int = 0


@dataclass(frozen=True, slots=True)
class EvalReport:
    request: EvalRequest
    floor: float
    samples: int
    ingestion: Ingestion
    skipped: Skipped
    questions: tuple[QuestionOutcome, ...]
    seconds: float

    @property
    def systems(self) -> tuple[System, ...]:
        extra = (System.HYBRID,) if self.request.semantic else ()
        return (System.PRODUCT, *extra, *((System.BASELINE,) if self.request.baseline else ()))

    def summaries(self, system: System) -> dict[str, Summary]:
        """Overall first, then each category present, in LoCoMo's numbering."""
        groups: dict[str, list[Score]] = {OVERALL: []}
        for category in sorted({*SCORED_CATEGORIES, *(q.category for q in self.questions)}):
            scores = [q.results[system].score for q in self.questions if q.category == category]
            if scores:
                groups[category_label(category)] = scores
                groups[OVERALL] += scores
        return {name: summarise(scores, len(self.request.ks)) for name, scores in groups.items()}
