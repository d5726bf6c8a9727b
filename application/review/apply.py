"""Applying a batch's validated decisions on an open unit of work (the caller commits once)."""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import assert_never

from returns.result import Failure, Result, Success

from abzu.application.ports import UnitOfWork
from abzu.application.review.consolidation import consolidate
from abzu.application.review.errors import ApplyError
from abzu.application.review.ops import Applied, ReviewOps
from abzu.application.review.report import Outcome
from abzu.application.review.text import stored_reason
from abzu.domain.bead import Bead, Candidate
from abzu.domain.review.model import (
    Consolidate,
    Decision,
    Discard,
    Flag,
    Keep,
    Promote,
    Rejection,
    ReviewBatch,
)


@dataclass(frozen=True, slots=True)
class Settled:
    outcomes: tuple[Outcome, ...]
    failures: tuple[Rejection, ...]
    removed: tuple[Candidate, ...]


def apply_decisions(ops: ReviewOps, batch: ReviewBatch, decisions: Sequence[Decision]) -> Settled:
    outcomes: list[Outcome] = []
    failures: list[Rejection] = []
    removed: list[Candidate] = []
    for decision in decisions:
        changed = _changed(ops.uow, batch, decision)
        if changed:
            failures.append(Rejection("changed-during-review", changed, decision_ids(decision)))
            continue
        match _apply(ops, decision):
            case Success(Applied() as done):
                outcomes.append(describe(decision, done))
                removed.extend(done.removed)
            case Failure(err):
                failures.append(Rejection("not-applied", err.message, decision_ids(decision)))
    return Settled(tuple(outcomes), tuple(failures), tuple(removed))


def describe(decision: Decision, done: Applied | None = None) -> Outcome:
    reason = "" if isinstance(decision, Consolidate | Promote) else stored_reason(decision.reason)
    bead_id = done.bead_id if done else None
    return Outcome(_action(decision), decision_ids(decision), bead_id, reason,
                   done.note if done else "")


def decision_ids(decision: Decision) -> tuple[str, ...]:
    match decision:
        case Consolidate():
            return (*decision.candidate_ids, *decision.bead_ids)
        case Flag():
            return (decision.bead_id,)
        case Promote() | Discard() | Keep():
            return (decision.candidate_id,)
        case _:
            assert_never(decision)


def _action(decision: Decision) -> str:
    return type(decision).__name__.lower()


def _apply(ops: ReviewOps, decision: Decision) -> Result[Applied, ApplyError]:
    match decision:
        case Promote():
            return ops.promote(decision.candidate_id, decision.content, decision.category)
        case Consolidate():
            return consolidate(ops, decision.candidate_ids, decision.bead_ids, decision.content,
                               decision.category)
        case Discard():
            return ops.discard(decision.candidate_id)
        case Flag():
            return ops.flag(decision.bead_id, decision.reason)
        case _:
            return Success(Applied(None))


def _changed(uow: UnitOfWork, batch: ReviewBatch, decision: Decision) -> str:
    """Items edited or removed while the reviewer was thinking are skipped, never overwritten."""
    sent: dict[str, Candidate | Bead] = {c.id: c for c in batch.candidates}
    sent.update({b.id: b for b in batch.context})
    for item_id in decision_ids(decision):
        before = sent[item_id]
        now = _current(uow, before)
        if now is None or not now.is_live or now.content_hash != before.content_hash:
            return f"{item_id} changed or left its store during the review"
    return ""


def _current(uow: UnitOfWork, item: Candidate | Bead) -> Candidate | Bead | None:
    if isinstance(item, Candidate):
        return uow.candidates.get(item.id).value_or(None)
    return uow.beads.get(item.id).value_or(None)
