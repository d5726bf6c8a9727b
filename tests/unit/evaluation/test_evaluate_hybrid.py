"""`abzu eval --semantic`: hybrid recall scored beside lexical, on the same questions."""

from returns.result import Success

from abzu.application.evaluation.evaluate_retrieval import EvaluateRetrieval
from abzu.application.evaluation.report import EvalReport, EvalRequest, System
from abzu.application.semantic.hybrid import Semantic
from abzu.domain.evaluation.dataset import Dataset, Question, Sample, Turn
from tests.semantic_fakes import HashingEmbedder, ListDenseIndexes
from tests.unit.evaluation.test_evaluate_retrieval import (
    CountingProgress,
    FakeReader,
    FakeSandboxes,
    TickingStopwatch,
)

DATE = "1 May 2023"
TRIP = Sample("trip", (
    Turn("D1:1", 1, "Ana", "We drove to the coast in my old van", DATE),
    Turn("D1:2", 1, "Ben", "The coast road was lovely", DATE),
), (Question("Which vehicle was driven?", 1, ("D1:1",)),))


def _run(request: EvalRequest, embedder: HashingEmbedder | None = None) -> EvalReport:
    embedder = embedder or HashingEmbedder(synonyms={"vehicle": "van"})
    semantic = Semantic(embedder, ListDenseIndexes(), dense_weight=0.5)
    sut = EvaluateRetrieval(FakeReader(Success(Dataset((TRIP,)))), FakeSandboxes(),
                            TickingStopwatch(), default_floor=0.0, semantic=semantic)
    return sut.execute(request, CountingProgress()).unwrap()


def test_hybrid_is_scored_beside_lexical_only_when_asked() -> None:
    assert set(_run(EvalRequest("x.json")).questions[0].results) == {System.PRODUCT}
    report = _run(EvalRequest("x.json", semantic=True, baseline=True))
    assert report.systems == (System.PRODUCT, System.HYBRID, System.BASELINE)


def test_dense_search_finds_evidence_whose_words_lexical_recall_cannot_match() -> None:
    report = _run(EvalRequest("x.json", semantic=True, ks=(1,)))

    outcome = report.questions[0]
    assert outcome.results[System.PRODUCT].ranking == ()
    assert outcome.results[System.HYBRID].ranking[0] == "D1:1"
    assert report.summaries(System.HYBRID)["overall"].hit_at == (1.0,)


def test_every_turn_is_embedded_once_per_sample_not_per_question() -> None:
    embedder = HashingEmbedder()
    _run(EvalRequest("x.json", semantic=True), embedder)
    assert len(embedder.passages_seen) == 2
    assert embedder.passages_seen[0].startswith("Ana (1 May 2023): We drove")
