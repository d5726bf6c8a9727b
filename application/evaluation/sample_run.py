"""One benchmark sample through one fresh Abzu: ingest its turns, then ask its questions."""

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from returns.result import Success

from abzu.application.evaluation.ports import EvalProgress, HybridSandbox, Sandbox, Stopwatch
from abzu.application.evaluation.report import (
    EvalRequest,
    Ingestion,
    QuestionOutcome,
    Retrieved,
    Skipped,
    System,
    Unit,
)
from abzu.application.evaluation.turn_memory import (
    memory_text,
    owners_of,
    remember_request,
    turn_contexts,
    turn_ranking,
)
from abzu.application.recall import Recall, Recalled, RecallRequest
from abzu.domain.dedup import DedupOutcome
from abzu.domain.evaluation.baseline import TermOverlapIndex
from abzu.domain.evaluation.dataset import Question, QuestionCategory, Sample
from abzu.domain.evaluation.evidence import Evidence, parse_evidence
from abzu.domain.evaluation.metrics import collapse, score

Ranker = Callable[[str], list[str]]


@dataclass(frozen=True, slots=True)
class SampleResult:
    ingestion: Ingestion
    skipped: Skipped
    outcomes: tuple[QuestionOutcome, ...]


@dataclass(frozen=True, slots=True)
class SampleRun:
    """Turns go in through the bulk remember path, questions through Recall; the baseline
    ranks the very same memory texts."""

    sample: Sample
    request: EvalRequest
    floor: float
    stopwatch: Stopwatch

    def run(self, sandbox: Sandbox, progress: EvalProgress) -> SampleResult:
        ingestion, owners = self._ingest(sandbox)
        rankers = {System.PRODUCT: self._product(sandbox, owners)}
        if self.request.semantic and sandbox.hybrid is not None:
            rankers[System.HYBRID] = self._hybrid(sandbox.hybrid, owners)
        if self.request.baseline:
            rankers[System.BASELINE] = self._baseline()
        known = {t.dia_id for t in self.sample.turns}
        sessions = {t.dia_id: f"S{t.session}" for t in self.sample.turns}
        skipped, outcomes = Skipped(), []
        for question in self.sample.questions:
            match self._triage(question, known):
                case Evidence() as evidence:
                    outcomes.append(self._ask(rankers, question, evidence, sessions))
                    skipped += Skipped(unresolved_ids=len(evidence.unresolved))
                case Skipped() as reason:
                    skipped += reason
            progress.question_done()
        return SampleResult(ingestion, skipped, tuple(outcomes))

    def _ingest(self, sandbox: Sandbox) -> tuple[Ingestion, dict[str, list[str]]]:
        start, turns = self.stopwatch.seconds(), self.sample.turns
        project, contexts = self.sample.sample_id, turn_contexts(turns)
        requests = [remember_request(t, project, c) for t, c in zip(turns, contexts, strict=True)]
        done = sandbox.remember_many.execute(requests)
        stored = done.count(DedupOutcome.STORED) + done.count(DedupOutcome.SUPERSEDED)
        ingestion = Ingestion(
            len(turns), stored, done.count(DedupOutcome.SKIPPED_DUPLICATE),
            done.count(DedupOutcome.SUPERSEDED), done.failed, self.stopwatch.seconds() - start,
        )
        return ingestion, owners_of(turns, done)

    def _product(self, sandbox: Sandbox, owners: dict[str, list[str]]) -> Ranker:
        return self._ranker(sandbox.recall, owners)

    def _hybrid(self, hybrid: HybridSandbox, owners: dict[str, list[str]]) -> Ranker:
        """The product's hybrid recall, after every stored memory got its vector."""
        hybrid.embed()
        return self._ranker(hybrid.recall, owners)

    def _ranker(self, recall: Recall, owners: dict[str, list[str]]) -> Ranker:
        def rank(query: str) -> list[str]:
            return turn_ranking((h.hit.item_id for h in self._recall(recall, query).hits), owners)

        return rank

    def _recall(self, recall: Recall, query: str) -> Recalled:
        asked = RecallRequest(query, "project", self.sample.sample_id, self.request.depth, self.floor)
        match recall.execute(asked):
            case Success(Recalled() as found):
                return found
            case _:
                raise AssertionError(f"recall refused a validated request: {asked}")

    def _baseline(self) -> Ranker:
        index = TermOverlapIndex.of([(t.dia_id, memory_text(t)) for t in self.sample.turns])

        def rank(query: str) -> list[str]:
            return index.rank(query, limit=self.request.depth)

        return rank

    @staticmethod
    def _triage(question: Question, known: set[str]) -> Evidence | Skipped:
        if question.category == QuestionCategory.ADVERSARIAL:
            return Skipped(adversarial=1)
        if not any(raw.strip() for raw in question.evidence):
            return Skipped(no_evidence=1)
        evidence = parse_evidence(question.evidence, known)
        if not evidence.turns:
            return Skipped(unresolvable=1, unresolved_ids=len(evidence.unresolved))
        return evidence

    def _ask(
        self, rankers: dict[System, Ranker], question: Question, evidence: Evidence,
        sessions: dict[str, str],
    ) -> QuestionOutcome:
        relevant = self._units(evidence.turns, sessions)
        results = {}
        for system, rank in rankers.items():
            start = self.stopwatch.seconds()
            turns = rank(question.text)
            latency_ms = (self.stopwatch.seconds() - start) * 1000
            units = tuple(self._units(turns, sessions)[: self.request.depth])
            results[system] = Retrieved(units, score(units, relevant, self.request.ks, latency_ms))
        return QuestionOutcome(
            self.sample.sample_id, question.text, question.category, evidence.turns,
            tuple(relevant), evidence.unresolved, results,
        )

    def _units(self, turns: Sequence[str], sessions: dict[str, str]) -> list[str]:
        """Turn ids as they are, or collapsed to their sessions in first-occurrence order."""
        return list(turns) if self.request.unit is Unit.TURN else collapse(turns, sessions)
