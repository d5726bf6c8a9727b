"""`abzu eval --semantic`: the product's hybrid recall scored beside lexical, same questions."""

from collections.abc import Iterator
from contextlib import contextmanager

from returns.result import Success

from abzu.application.evaluation.evaluate_retrieval import EvaluateRetrieval
from abzu.application.evaluation.ports import HybridSandbox, Sandbox
from abzu.application.evaluation.report import EvalReport, EvalRequest, System
from abzu.application.recall import Recall
from abzu.application.remember_many import RememberMany
from abzu.domain.evaluation.dataset import Dataset, Question, Sample, Turn
from tests.fakes import FakeUnitOfWork, FixedClock, FixedWorkspace, SequentialIds
from tests.semantic_fakes import FakeDenseRecall, HashingEmbedder
from tests.unit.evaluation.test_evaluate_retrieval import CountingProgress, FakeReader, TickingStopwatch

DATE = "1 May 2023"
TRIP = Sample("trip", (
    Turn("D1:1", 1, "Ana", "We drove to the coast in my old van", DATE),
    Turn("D1:2", 1, "Ben", "The coast road was lovely", DATE),
), (Question("Which vehicle was driven?", 1, ("D1:1",)),))


class HybridSandboxes:
    """Sandboxes whose hybrid recall is the product's Recall over a fake dense side; `embed`
    gives every stored memory its vector, as the background pass would."""

    def __init__(self, embedder: HashingEmbedder) -> None:
        self.embedder, self.embeds = embedder, 0

    @contextmanager
    def open(self, name: str) -> Iterator[Sandbox]:
        uow, clock, workspace = FakeUnitOfWork(), FixedClock(), FixedWorkspace(None)
        dense = FakeDenseRecall(uow.beads, self.embedder, set(), uow.candidates)
        hybrid = Recall(uow, clock, workspace, dense=dense, dense_weight=0.5)

        def embed() -> None:
            self.embeds += 1
            dense.give_vectors([*uow.beads.rows, *uow.candidates.rows])

        yield Sandbox(RememberMany(uow, clock, SequentialIds(), workspace), Recall(uow, clock, workspace),
                      HybridSandbox(hybrid, embed))


def _run(request: EvalRequest, sandboxes: HybridSandboxes | None = None) -> EvalReport:
    sandboxes = sandboxes or HybridSandboxes(HashingEmbedder(synonyms={"vehicle": "van"}))
    sut = EvaluateRetrieval(FakeReader(Success(Dataset((TRIP,)))), sandboxes,
                            TickingStopwatch(), default_floor=0.0)
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


def test_the_stored_memories_are_embedded_once_per_sample_not_per_question() -> None:
    sandboxes = HybridSandboxes(HashingEmbedder())
    _run(EvalRequest("x.json", semantic=True), sandboxes)
    assert sandboxes.embeds == 1
