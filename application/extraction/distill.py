"""Use case: distillation after the heuristics (spec §6 step 2), run by `abzu finalize` in the
background, never inside a hook.

- Off unless a distiller is configured; a daily cap bounds the calls (skipped beyond it).
- The distiller sees the session's summary, its heuristic candidates and the project's staged
  and reviewed items, all redacted; its answer passes the review sandbox's instruction screen.
- Accepted items are staged like heuristic ones (dedup, redaction) with provenance; the
  extraction_log row has method 'cc_distill' and status ok | failed | skipped.
- A failure or timeout is logged and leaves the heuristic candidates as they are.
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
from abzu.domain.bead import CandidateSource
from abzu.domain.dedup import DedupOutcome
from abzu.domain.extraction.distill_prompt import DistilledItem, prompt, screened
from abzu.domain.redaction import redact

log = logging.getLogger("abzu.extraction")
METHOD = ExtractionMethod.CC_DISTILL


class DistillerFailed(Exception):
    """The distiller could not answer: not installed, timed out, exited non-zero, bad JSON."""


class Distiller(Protocol):
    name: str

    def distill(self, prompt_text: str) -> Sequence[tuple[str, str, str]]:
        """(category, content, summary) triples; raises DistillerFailed."""
        ...


@dataclass(frozen=True, slots=True)
class DistillRequest:
    session_id: str
    project: str | None
    summary: str | None
    heuristic: tuple[str, ...]
    existing: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class DistillOutcome:
    status: ExtractionStatus
    created: int = 0
    refused: int = 0
    detail: str = ""


@dataclass(frozen=True, slots=True)
class DistillSession:
    distiller: Distiller | None
    extraction_uow: ExtractionUnitOfWork
    remember: RememberMany
    clock: Clock
    ids: IdGenerator
    daily_cap: int = 20

    def execute(self, request: DistillRequest) -> DistillOutcome:
        if self.distiller is None:
            off = DistillOutcome(ExtractionStatus.SKIPPED, detail="no distiller configured")
            return self._log(request, off)
        if self._used_today() >= self.daily_cap:
            capped = DistillOutcome(ExtractionStatus.SKIPPED, detail=f"daily cap of {self.daily_cap} reached")
            return self._log(request, capped)
        text = prompt(summary=request.summary, heuristic=request.heuristic, existing=request.existing)
        try:
            items, refused = screened(self.distiller.distill(text))
        except DistillerFailed as exc:
            log.warning("distillation of %s by %s failed: %s", request.session_id, self.distiller.name,
                        redact(str(exc)).text)
            failed = DistillOutcome(ExtractionStatus.FAILED, detail=redact(str(exc)).text[:300])
            return self._log(request, failed)
        created = self._stage(request, items)
        detail = f"{len(items)} accepted, {refused} refused"
        return self._log(request, DistillOutcome(ExtractionStatus.OK, created, refused, detail))

    def _used_today(self) -> int:
        now = self.clock.now()
        with self.extraction_uow as uow:
            return uow.extraction.method_runs_since(METHOD, datetime.combine(now.date(), time(), now.tzinfo))

    def _stage(self, request: DistillRequest, items: Sequence[DistilledItem]) -> int:
        name = self.distiller.name if self.distiller else "off"
        where = f"Distilled by {name} from Claude Code session {request.session_id}"
        outcomes = self.remember.execute([
            RememberRequest(content=i.content, category=i.category.value, project=request.project,
                            summary=i.summary, source=CandidateSource.SESSION_END,
                            session_id=request.session_id, context=where)
            for i in items
        ]).items
        return sum(1 for o in outcomes if _created(o))

    def _log(self, request: DistillRequest, outcome: DistillOutcome) -> DistillOutcome:
        name = self.distiller.name if self.distiller else "off"
        entry = ExtractionLogEntry(self.ids.new_id("x"), request.session_id, name, outcome.created,
                                   outcome.status, outcome.detail, method=METHOD)
        with self.extraction_uow as uow:
            uow.extraction.log(entry, at=self.clock.now())
            uow.commit()
        return outcome


def _created(outcome: object) -> bool:
    match outcome:
        case Success(Remembered() as done):
            return done.outcome is not DedupOutcome.SKIPPED_DUPLICATE
    return False
