"""Use case: a full review, or a mini-review of one project (spec §6 "Gemini Periodic Review", §11)."""

from dataclasses import dataclass, field, replace

from returns.pipeline import is_successful
from returns.result import Failure, Result, Success

from abzu.application.ports import Clock, IdGenerator
from abzu.application.review.apply import apply_decisions, describe
from abzu.application.review.batch import gather_batch
from abzu.application.review.errors import UnknownProject
from abzu.application.review.ops import ReviewOps
from abzu.application.review.ports import (
    NoProgress,
    ReviewAnswer,
    Reviewer,
    ReviewFailure,
    ReviewMalformed,
    ReviewProgress,
    ReviewUnavailable,
    ReviewUnitOfWork,
    WisdomSnapshots,
)
from abzu.application.review.report import BatchReport, Pricing, ReviewReport
from abzu.application.review.spend import SpendLedger, batch_estimate
from abzu.application.review.text import stored_reason, stored_rejection
from abzu.domain.bead import Candidate
from abzu.domain.review.batching import BatchPolicy
from abzu.domain.review.model import Keep, ReviewBatch
from abzu.domain.review.sandbox import Sandbox, Verdict
from abzu.domain.review.spend import Spend, SpendCeiling, month_start


@dataclass(frozen=True, slots=True)
class ReviewRequest:
    project: str | None = None
    max_candidates: int | None = None
    dry_run: bool = False
    allow_mass_discard: bool = False
    only: str | None = None  # one staged candidate by id (the web page's per-candidate buttons)


@dataclass(frozen=True, slots=True)
class RunReview:
    """- Full review: every staged candidate, with the closest wisdom beads of any project as
      context. Mini-review (a project): only its candidates and its beads.
    - Candidates go in batches sized to a token budget. Each batch is sent with no transaction
      open; its answer passes the sandbox; what passes is applied in ONE transaction opened after
      the answer came back. A refused, held-back or failed batch changes nothing: its candidates
      stay staged and the reason is in the report.
    - Before the first change, wisdom.db is snapshotted so `abzu review --undo` can go back.
    - A dry run asks the reviewer and validates, but changes and records nothing.
    - The report is stored in `review_log` (abzu.db); an unreachable reviewer ends the run.
    """

    uow: ReviewUnitOfWork
    reviewer: Reviewer
    snapshots: WisdomSnapshots
    clock: Clock
    ids: IdGenerator
    policy: BatchPolicy = field(default_factory=BatchPolicy)
    sandbox: Sandbox = field(default_factory=Sandbox)
    pricing: Pricing = field(default_factory=Pricing)
    ledger: SpendLedger | None = None  # with `ceiling`: the monthly spend cap (issue 15)
    ceiling: SpendCeiling = field(default_factory=SpendCeiling)

    def execute(
        self, request: ReviewRequest, progress: ReviewProgress | None = None
    ) -> Result[ReviewReport, UnknownProject]:
        progress = progress or NoProgress()
        match self._staged(request):
            case Success(list() as staged):
                pass
            case Failure(UnknownProject() as err):
                return Failure(err)
        report, spent = self._begin(request, len(staged)), self._spent_this_month()
        batches = self.policy.split(staged)
        progress.started(len(batches))
        for number, group in enumerate(batches, start=1):
            with self.uow as uow:
                batch = gather_batch(uow, self.policy, number, group, request.project)
            if refusal := self._over_ceiling(spent, report, batch):
                report = replace(report, stopped=True, notes=(*report.notes, refusal))
                break
            report, stop = self._settle(report, batch, self.reviewer.review(batch), request)
            progress.settled(report.batches[-1])
            if stop:
                report = replace(report, stopped=True)
                break
        return Success(self._finish(report, request))

    def _spent_this_month(self) -> Spend | None:
        """None when no ceiling applies: no ledger, or a human reviewer (who costs no tokens)."""
        if self.ledger is None or self.reviewer.identity.human:
            return None
        return self.ledger.spent_since(month_start(self.clock.now()))

    def _over_ceiling(self, spent: Spend | None, report: ReviewReport, batch: ReviewBatch) -> str | None:
        """Checked before each batch is sent: a refused batch costs nothing and its candidates
        stay staged, like every batch after it."""
        if spent is None:
            return None
        this_run = Spend(report.tokens_in + report.tokens_out, report.cost_estimate)
        return self.ceiling.refusal(spent + this_run, batch_estimate(batch, self.pricing))

    def _staged(self, request: ReviewRequest) -> Result[list[Candidate], UnknownProject]:
        with self.uow as uow:
            staged = uow.candidates.staged(request.project, limit=request.max_candidates)
            if request.only is not None:  # a candidate reviewed or discarded meanwhile: nothing
                staged = [c for c in staged if c.id == request.only.strip()]
            if request.project and not staged and not uow.projects.exists(request.project):
                return Failure(UnknownProject(request.project))
        return Success(staged)

    def _begin(self, request: ReviewRequest, staged: int) -> ReviewReport:
        who = self.reviewer.identity
        report = ReviewReport(
            review_id=self.ids.new_id("r"), kind="mini" if request.project else "full",
            project=request.project, reviewer=who.name, model=who.model, dry_run=request.dry_run,
            started_at=self.clock.now(), staged_total=staged,
        )
        self._save(report, request)
        return report

    def _finish(self, report: ReviewReport, request: ReviewRequest) -> ReviewReport:
        finished = replace(report, finished_at=self.clock.now())
        self._save(finished, request)
        return finished

    def _save(self, report: ReviewReport, request: ReviewRequest) -> None:
        if request.dry_run:
            return
        with self.uow as uow:
            uow.reviews.save(report)
            uow.commit()

    def _settle(
        self, report: ReviewReport, batch: ReviewBatch,
        answer: Result[ReviewAnswer, ReviewFailure], request: ReviewRequest,
    ) -> tuple[ReviewReport, bool]:
        base = BatchReport(batch.number, len(batch.candidates), len(batch.context))
        if not is_successful(answer):
            err = answer.failure()
            # the reviewer being down stops the run; a bad answer only loses its batch, but it
            # was paid for: its tokens count in the report, the review log and the month's spend
            failed = replace(base, error=stored_reason(err.message))
            if isinstance(err, ReviewMalformed):
                failed = replace(failed, tokens_in=err.tokens_in, tokens_out=err.tokens_out)
            return report.with_batch(failed, self.pricing), isinstance(err, ReviewUnavailable)
        said = answer.unwrap()
        verdict = self.sandbox.judge(
            batch, said.proposals, human=self.reviewer.identity.human,
            allow_mass_discard=request.allow_mass_discard,
        )
        judged = replace(
            base, rejected=tuple(stored_rejection(r) for r in verdict.rejected),
            refused=verdict.refused and stored_reason(verdict.refused),
            held_back=verdict.held_back, tokens_in=said.tokens_in, tokens_out=said.tokens_out,
        )
        return self._apply(report, batch, judged, verdict, request), said.stop

    def _apply(
        self, report: ReviewReport, batch: ReviewBatch, judged: BatchReport, verdict: Verdict,
        request: ReviewRequest,
    ) -> ReviewReport:
        decisions = verdict.applicable
        if request.dry_run or all(isinstance(d, Keep) for d in decisions):
            would = tuple(describe(d) for d in decisions)
            return report.with_batch(replace(judged, outcomes=would), self.pricing)
        if report.snapshot is None:
            report = replace(report, snapshot=self.snapshots.take(report.review_id))
        with self.uow as uow:
            settled = apply_decisions(ReviewOps(uow, self.ids, self.clock.now()), batch, decisions)
            uow.archive.keep(report.review_id, settled.removed)
            report = report.with_batch(
                replace(judged, outcomes=settled.outcomes,
                        rejected=(*judged.rejected, *settled.failures)),
                self.pricing,
            )
            uow.reviews.save(report)
            uow.commit()
        return report
