"""Use case: measure retrieval quality on a conversational-memory benchmark (`abzu eval`)."""

from dataclasses import dataclass

from returns.result import Failure, Result

from abzu.application.evaluation.errors import EvalError, InvalidCutoffs
from abzu.application.evaluation.ports import DatasetReader, EvalProgress, MemorySandboxes, Stopwatch
from abzu.application.evaluation.report import EvalReport, EvalRequest, Ingestion, Skipped
from abzu.application.evaluation.sample_run import SampleResult, SampleRun
from abzu.application.recall import MAX_LIMIT
from abzu.domain.evaluation.dataset import Dataset


@dataclass(frozen=True, slots=True)
class EvaluateRetrieval:
    """- Each sample goes into its own empty, temporary Abzu (never the user's memory); every
      turn becomes one memory through the bulk remember path, speaker and date written with it.
    - Every question runs through Recall exactly as an agent's query would: same ranking,
      relevance floor and decay, scoped to the sample's project.
    - Adversarial questions (category 5) and questions without resolvable evidence are skipped
      and counted; evidence ids that name no turn are counted.
    - Retrieval only: no answer is generated or graded.
    - With `baseline`, a grep-style term-overlap ranking of the same texts is scored beside it.
    - With `semantic`, the stored memories are embedded and the product's hybrid recall (the
      same Recall with its dense side on) is scored beside the lexical one.
    """

    reader: DatasetReader
    sandboxes: MemorySandboxes
    stopwatch: Stopwatch
    default_floor: float

    def execute(self, request: EvalRequest, progress: EvalProgress) -> Result[EvalReport, EvalError]:
        depth_ok = 1 <= request.depth <= MAX_LIMIT
        if not request.ks or not depth_ok or not all(1 <= k <= request.depth for k in request.ks):
            return Failure(InvalidCutoffs(request.ks, request.depth))
        return self.reader.read(request.path).map(lambda dataset: self._run(dataset, request, progress))

    def _run(self, dataset: Dataset, request: EvalRequest, progress: EvalProgress) -> EvalReport:
        start = self.stopwatch.seconds()
        floor = self.default_floor if request.floor is None else request.floor
        results: list[SampleResult] = []
        for sample in dataset.samples:
            progress.sample_started(sample.sample_id, len(sample.questions))
            with self.sandboxes.open(sample.sample_id) as sandbox:
                run = SampleRun(sample, request, floor, self.stopwatch)
                results.append(run.run(sandbox, progress))
        return EvalReport(
            request, floor, len(results),
            sum((r.ingestion for r in results), Ingestion()),
            sum((r.skipped for r in results), Skipped()),
            tuple(q for r in results for q in r.outcomes),
            self.stopwatch.seconds() - start,
        )
