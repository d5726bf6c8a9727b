from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from returns.result import Failure, Result, Success

from abzu.application.evaluation.errors import DatasetUnreadable, InvalidCutoffs
from abzu.application.evaluation.evaluate_retrieval import EvaluateRetrieval
from abzu.application.evaluation.ports import Sandbox
from abzu.application.evaluation.report import EvalReport, EvalRequest, System, Unit
from abzu.application.recall import Recall
from abzu.application.remember_many import RememberMany
from abzu.domain.evaluation.dataset import Dataset, Question, Sample, Turn
from tests.fakes import FakeUnitOfWork, FixedClock, FixedWorkspace, SequentialIds

DATE = "2:00 pm on 1 May, 2023"
PETS = Sample("pets", (
    Turn("D1:1", 1, "Ana", "I adopted a greyhound named Pixel", DATE),
    Turn("D1:2", 1, "Ben", "Thanks!", DATE),
    Turn("D2:1", 2, "Ana", "Pixel learned to fetch the frisbee", "1 June 2023"),
    Turn("D2:2", 2, "Ben", "Thanks!", "1 June 2023"),
    Turn("D2:3", 2, "Ben", "Thanks!", "1 June 2023"),
), (
    Question("Which greyhound did Ana adopt?", 4, ("D1:1",)),
    Question("What did Pixel learn, and which greyhound is it?", 1, ("D2:1; D1:1", "D5:5")),
    Question("Did Ana adopt a cat?", 5, ()),
    Question("What is the weather?", 4, ()),
    Question("Where is Pixel?", 2, ("D9:1",)),
    Question("Who said thanks on 1 June?", 3, ("D2:3",)),
))
CARS = Sample("cars", (Turn("D1:1", 1, "Cleo", "My car is an old red Volvo", DATE),),
              (Question("What car does Cleo drive?", 4, ("D1:1",)),
               Question("Which greyhound did Ana adopt?", 4, ("D1:1",))))


class FakeReader:
    def __init__(self, result: Result[Dataset, DatasetUnreadable]) -> None:
        self.result = result

    def read(self, path: str) -> Result[Dataset, DatasetUnreadable]:
        return self.result


class FakeSandboxes:
    def __init__(self) -> None:
        self.opened: list[str] = []
        self.stores: list[FakeUnitOfWork] = []

    @contextmanager
    def open(self, name: str) -> Iterator[Sandbox]:
        self.opened.append(name)
        uow, clock, workspace = FakeUnitOfWork(), FixedClock(), FixedWorkspace(None)
        self.stores.append(uow)
        yield Sandbox(RememberMany(uow, clock, SequentialIds(), workspace), Recall(uow, clock, workspace))


class TickingStopwatch:
    def __init__(self) -> None:
        self.now = 0.0

    def seconds(self) -> float:
        self.now += 0.001
        return self.now


class CountingProgress:
    def __init__(self) -> None:
        self.events: list[str] = []

    def sample_started(self, sample_id: str, questions: int) -> None:
        self.events.append(f"{sample_id}:{questions}")

    def question_done(self) -> None:
        self.events.append(".")


def _run(request: EvalRequest, sandboxes: FakeSandboxes | None = None,
         progress: CountingProgress | None = None) -> EvalReport:
    sut = EvaluateRetrieval(FakeReader(Success(Dataset((PETS, CARS)))), sandboxes or FakeSandboxes(),
                            TickingStopwatch(), default_floor=0.3)
    result = sut.execute(request, progress or CountingProgress())
    assert isinstance(result.unwrap(), EvalReport)
    return result.unwrap()


def test_each_sample_gets_its_own_empty_abzu() -> None:
    sandboxes = FakeSandboxes()

    report = _run(EvalRequest("x.json", baseline=True), sandboxes)

    assert sandboxes.opened == ["pets", "cars"]
    assert {c.project for c in sandboxes.stores[1].candidates.rows.values()} == {"cars"}
    adopted_in_cars = report.questions[-1]
    assert adopted_in_cars.results[System.PRODUCT].ranking == ()


def test_turns_are_remembered_with_speaker_and_date() -> None:
    sandboxes = FakeSandboxes()
    _run(EvalRequest("x.json"), sandboxes)

    texts = sorted(c.content for c in sandboxes.stores[1].candidates.rows.values())
    assert texts == [f"Cleo ({DATE}): My car is an old red Volvo"]


def test_skips_are_counted_by_reason_and_unknown_evidence_ids_are_counted() -> None:
    report = _run(EvalRequest("x.json"))

    assert (report.skipped.adversarial, report.skipped.no_evidence, report.skipped.unresolvable) == (1, 1, 1)
    assert report.skipped.unresolved_ids == 2
    assert len(report.questions) == 5
    assert report.questions[1].evidence == ("D2:1", "D1:1")


def test_a_duplicate_turn_is_found_through_the_memory_that_holds_its_text() -> None:
    report = _run(EvalRequest("x.json"))

    assert report.ingestion.duplicates == 1
    thanks = report.questions[2]
    assert {"D2:2", "D2:3"} <= set(thanks.results[System.PRODUCT].ranking)


def test_the_product_finds_single_hop_evidence_first_and_scores_it() -> None:
    report = _run(EvalRequest("x.json", ks=(1, 5)))

    summary = report.summaries(System.PRODUCT)["single-hop"]
    assert report.questions[0].results[System.PRODUCT].ranking[0] == "D1:1"
    assert summary.questions == 3 and summary.hit_at[0] == pytest.approx(2 / 3)


def test_at_session_unit_evidence_and_rankings_are_sessions() -> None:
    report = _run(EvalRequest("x.json", unit=Unit.SESSION))

    both = report.questions[1]
    assert both.relevant == ("S2", "S1")
    assert set(both.results[System.PRODUCT].ranking) <= {"S1", "S2"}


def test_the_baseline_is_scored_only_when_asked() -> None:
    assert set(_run(EvalRequest("x.json")).questions[0].results) == {System.PRODUCT}
    assert set(_run(EvalRequest("x.json", baseline=True)).questions[0].results) == {System.PRODUCT,
                                                                                     System.BASELINE}


def test_the_floor_is_the_configured_one_unless_given() -> None:
    assert _run(EvalRequest("x.json")).floor == 0.3
    assert _run(EvalRequest("x.json", floor=0.0)).floor == 0.0


def test_progress_is_reported_per_sample_and_per_question() -> None:
    progress = CountingProgress()
    _run(EvalRequest("x.json"), progress=progress)

    assert progress.events == ["pets:6", *"......", "cars:2", ".", "."]


@pytest.mark.parametrize(("ks", "depth"), [((), 100), ((0, 5), 100), ((5, 20), 10), ((1,), 101)])
def test_cut_offs_outside_the_recall_depth_are_refused(ks: tuple[int, ...], depth: int) -> None:
    sut = EvaluateRetrieval(FakeReader(Success(Dataset((PETS,)))), FakeSandboxes(), TickingStopwatch(), 0.3)

    assert sut.execute(EvalRequest("x", ks=ks, depth=depth), CountingProgress()) == Failure(
        InvalidCutoffs(ks, depth))


def test_an_unreadable_file_is_passed_on_and_nothing_is_opened() -> None:
    sandboxes = FakeSandboxes()
    error = DatasetUnreadable("x.json", "no such file")
    sut = EvaluateRetrieval(FakeReader(Failure(error)), sandboxes, TickingStopwatch(), 0.3)

    assert sut.execute(EvalRequest("x.json"), CountingProgress()) == Failure(error)
    assert sandboxes.opened == []
