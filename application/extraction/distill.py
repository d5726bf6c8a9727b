"""Use case: distillation after the heuristics (spec §6 step 2), run by `abzu finalize` in the
background, never inside a hook.

- Off unless a distiller is configured; daily caps bound the calls and the tokens the
  distiller reported spending (usage metadata / `usage`): beyond either, skipped and logged.
- The distiller sees the session's summary, its heuristic candidates, the project's other staged
  items and its reviewed beads closest to the session, all redacted; its answer passes the
  review sandbox's instruction screen.
- Accepted items are staged like heuristic ones (dedup, redaction) with provenance; the
  extraction_log row has method 'cc_distill' and status ok | failed | skipped.
- A failure or timeout is logged and leaves the heuristic candidates as they are.
- The session the distiller itself ran as (Claude Code's `claude -p` is one) is recorded in
  the log row, answered or not: its transcript is never taken for a user's session.
"""

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, time
from typing import Protocol

from returns.result import Success

from abzu.application.extraction.ports import (
    ExtractionLogEntry,
    ExtractionMethod,
    ExtractionStatus,
    ExtractionUnitOfWork,
)
from abzu.application.ports import Clock, IdGenerator
from abzu.application.remember import Remembered, RememberRequest
from abzu.application.remember_many import RememberMany
from abzu.domain.bead import CandidateSource, VouchedBy
from abzu.domain.dedup import DedupOutcome
from abzu.domain.extraction.distill_prompt import DistilledItem, prompt, screened
from abzu.domain.redaction import redact

log = logging.getLogger("abzu.extraction")
METHOD = ExtractionMethod.CC_DISTILL


class DistillerFailed(Exception):
    """The distiller could not answer: not installed, timed out, exited non-zero, bad JSON.
    `tokens`: what the failed call still cost (a malformed answer is paid for);
    `child_session_id`: the session the distiller ran as, when known."""

    def __init__(self, message: str, tokens: int = 0, child_session_id: str | None = None) -> None:
        super().__init__(message)
        self.tokens = tokens
        self.child_session_id = child_session_id


@dataclass(frozen=True, slots=True)
class DistillAnswer:
    """(category, content, summary) triples, and the tokens the call cost as the distiller
    reported them (prompt + answer; 0 when it reports none), and the session the distiller ran
    as (a `claude -p` child's; None for a distiller that is no Claude Code session)."""

    items: Sequence[tuple[str, str, str]]
    tokens: int = 0
    child_session_id: str | None = None


class Distiller(Protocol):
    name: str

    def distill(self, prompt_text: str) -> DistillAnswer:
        """Raises DistillerFailed (with the tokens spent, if known)."""
        ...


@dataclass(frozen=True, slots=True)
class DistillRequest:
    session_id: str
    project: str | None
    summary: str | None
    heuristic: tuple[str, ...]
    existing: tuple[str, ...] = ()  # the project's other staged items
    reviewed: tuple[str, ...] = ()  # the project's reviewed beads closest to this session (known_beads.py)
    source: CandidateSource = CandidateSource.SESSION_END
    origin: str = ""  # provenance beyond the session id (an em.db); no ids: recall indexes context


@dataclass(frozen=True, slots=True)
class DistillOutcome:
    status: ExtractionStatus
    created: int = 0
    refused: int = 0
    detail: str = ""
    tokens: int = 0


@dataclass(frozen=True, slots=True)
class DistillSession:
    distiller: Distiller | None
    extraction_uow: ExtractionUnitOfWork
    remember: RememberMany
    clock: Clock
    ids: IdGenerator
    daily_cap: int = 20
    daily_tokens: int = 0  # 0: no token ceiling

    def execute(self, request: DistillRequest) -> DistillOutcome:
        skip = "no distiller configured" if self.distiller is None else self._over_cap()
        if skip or self.distiller is None:
            return self._log(request, DistillOutcome(ExtractionStatus.SKIPPED, detail=skip))
        text = prompt(summary=request.summary, heuristic=request.heuristic, existing=request.existing,
                      reviewed=request.reviewed)
        try:
            answer = self.distiller.distill(text)
        except DistillerFailed as exc:
            reason = redact(str(exc)).text
            log.warning("distillation of %s by %s failed: %s", request.session_id, self.distiller.name,
                        reason)
            failed = DistillOutcome(ExtractionStatus.FAILED, detail=reason[:300], tokens=exc.tokens)
            return self._log(request, failed, exc.child_session_id)
        items, refused = screened(answer.items)
        created = self._stage(request, items)
        detail = f"{len(items)} accepted, {refused} refused"
        done = DistillOutcome(ExtractionStatus.OK, created, refused, detail, answer.tokens)
        return self._log(request, done, answer.child_session_id)

    def _over_cap(self) -> str:
        """Why today's budget is spent ('' while it is not): calls, or tokens reported."""
        now = self.clock.now()
        since = datetime.combine(now.date(), time(), now.tzinfo)
        with self.extraction_uow as uow:
            calls = uow.extraction.method_runs_since(METHOD, since)
            tokens = uow.extraction.method_tokens_since(METHOD, since) if self.daily_tokens else 0
        if calls >= self.daily_cap:
            return f"daily cap of {self.daily_cap} reached"
        if self.daily_tokens and tokens >= self.daily_tokens:
            return f"daily token cap of {self.daily_tokens} reached ({tokens} spent)"
        return ""

    def _stage(self, request: DistillRequest, items: Sequence[DistilledItem]) -> int:
        name = self.distiller.name if self.distiller else "off"
        where = f"Distilled by {name}" + (f" from {request.origin}" if request.origin else "")
        outcomes = self.remember.execute([
            RememberRequest(content=i.content, category=i.category.value, project=request.project,
                            summary=i.summary, source=request.source,
                            session_id=request.session_id if request.source is CandidateSource.SESSION_END
                            else None, context=where, vouched_by=VouchedBy.AGENT)
            for i in items
        ]).items
        return sum(1 for o in outcomes if _created(o))

    def _log(self, request: DistillRequest, outcome: DistillOutcome,
             child_session_id: str | None = None) -> DistillOutcome:
        name = self.distiller.name if self.distiller else "off"
        entry = ExtractionLogEntry(self.ids.new_id("x"), request.session_id, name, outcome.created,
                                   outcome.status, outcome.detail, method=METHOD, tokens=outcome.tokens,
                                   child_session_id=child_session_id)
        with self.extraction_uow as uow:
            uow.extraction.log(entry, at=self.clock.now())
            uow.commit()
        return outcome


def _created(outcome: object) -> bool:
    match outcome:
        case Success(Remembered() as done):
            return done.outcome is not DedupOutcome.SKIPPED_DUPLICATE
    return False
