"""Use case: reconcile a session into its final summary and tidy up (spec §4, §7, §9)."""

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import timedelta
from typing import TYPE_CHECKING

from returns.result import Failure, Result, Success

from abzu.application.ports import Clock, IdGenerator
from abzu.application.sessions.hook_ports import TranscriptFiles
from abzu.application.sessions.ports import RecurringStepStager, SessionUnitOfWork, TranscriptExtractor
from abzu.domain.sessions.errors import SessionNotFound
from abzu.domain.sessions.reconcile import reconcile
from abzu.domain.sessions.record import FinalizedBy, SessionRecord
from abzu.domain.sessions.summary import SessionSummary

if TYPE_CHECKING:
    from abzu.application.extraction.extract_transcript import ExtractionResult
    from abzu.application.maintenance import MaintenanceReport, RunMaintenance
    from abzu.domain.sessions.recurring import RecurringStep

KEEP_FINALS = 5
# A session whose transcript was last written longer ago than this before its finalisation is
# history being back-filled (`abzu import-sessions`, the first recovery after installing): what
# it left open then is not an open loop now.
LOOP_WINDOW = timedelta(days=14)


@dataclass(frozen=True, slots=True)
class FinalizeRequest:
    session_id: str
    by: FinalizedBy = FinalizedBy.SESSION_END
    tail: bool = False  # finalised already, but its transcript grew since: mine the tail


@dataclass(frozen=True, slots=True)
class Finalized:
    session_id: str
    summary: SessionSummary | None  # None: finalised before and nothing new since
    snapshots_merged: int
    candidates_created: int
    finals_pruned: int
    maintenance: "MaintenanceReport | None"


@dataclass(frozen=True, slots=True)
class FinalizeSession:
    """- Mines the transcript since the last snapshot (candidates staged idempotently).
    - Reconciles all snapshots and that tail into one final summary (`is_final`), duplicates
      across snapshots removed; a session reopened after an earlier finalisation has its old
      final summary merged in and replaced.
    - The project's open loops follow the final summary (track_loops.py): those it resolves are
      closed, what it leaves open is kept or opened (issue 29); not for a session whose
      transcript was last written more than LOOP_WINDOW ago (history being back-filled).
    - A command that passed at the end of this session and of at least two of the project's
      other kept sessions is staged as a pattern (domain/sessions/recurring.py), when a
      `recurring` stager is given and the session belongs to a project.
    - Deletes the session's snapshots, keeps only the newest 5 final summaries of the project.
    - Runs the maintenance pass (decay weights, flagged beads deleted).
    - A finalised session stays as it is until a hook reopens it (any activity does):
      finalising it again changes nothing. Unknown sessions are SessionNotFound.
    - A transcript over the per-session cap (extraction `capped`) gets its summary but is not
      marked finalised: it stays pending, and the next recovery mines the rest from the cursor.

    The extractor, the maintenance pass and the recurring-step stager are given as factories,
    called only when there is work: a session finalised already (a detached finalize after a
    recovery took it, a finalize typed twice) is answered from its row without loading the
    extraction stack.
    """

    uow: SessionUnitOfWork
    extractor: Callable[[], TranscriptExtractor]
    maintenance: "Callable[[], RunMaintenance]"
    clock: Clock
    ids: IdGenerator
    keep_finals: int = field(default=KEEP_FINALS)
    transcripts: TranscriptFiles | None = None  # None: every session counts as current
    recurring: Callable[[], RecurringStepStager] | None = None  # None: no cross-session patterns

    def execute(self, request: FinalizeRequest) -> Result[Finalized, SessionNotFound]:
        with self.uow as uow:
            record = uow.sessions.get(request.session_id)
        if record is None:
            return Failure(SessionNotFound(request.session_id))
        if record.is_finalized and not request.tail:  # a hook since would have reopened it
            return Success(Finalized(record.session_id, None, 0, 0, 0, None))
        extraction = self._extract(record)
        outcome, steps = self._reconcile(record, _Tail.of(extraction), request.by,
                                         more=extraction is not None and extraction.capped)
        if steps and self.recurring is not None and record.project is not None:
            staged = self.recurring().execute(record.session_id, record.project, [s.text for s in steps],
                                              [s.program for s in steps])
            outcome = replace(outcome, candidates_created=outcome.candidates_created + staged)
        return Success(replace(outcome, maintenance=self.maintenance().execute()))

    def _extract(self, record: SessionRecord) -> "ExtractionResult | None":
        from abzu.application.extraction.ports import TranscriptUnreadable  # with the extractor

        if not record.transcript_path:
            return None
        try:
            return self.extractor().execute(
                session_id=record.session_id, transcript_path=record.transcript_path,
                project=record.project,
            )
        except TranscriptUnreadable:
            return None

    def _reconcile(self, record: SessionRecord, tail: "_Tail", by: FinalizedBy, *,
                   more: bool) -> "tuple[Finalized, list[RecurringStep]]":
        # Only a session with something to reconcile needs these (the extraction rules and the
        # redaction engine under them): a finalised session is answered without loading them.
        from abzu.application.sessions.track_loops import track_open_loops
        from abzu.domain.sessions.recurring import recurring_steps

        with self.uow as uow:
            snapshots = uow.summaries.snapshots(record.session_id)
            previous = uow.summaries.final_of(record.session_id)
            merged = [previous, *snapshots] if previous else snapshots
            final = self._final(record, merged, tail) if merged or not tail.is_empty else None
            pruned, steps = 0, []
            if final is not None:
                if self.recurring is not None and record.project is not None:
                    earlier = uow.summaries.project_finals(record.project, excluding=record.session_id,
                                                   limit=self.keep_finals)
                    steps = recurring_steps(final.operational_state, [s.operational_state for s in earlier])
                uow.summaries.replace_final(final)
                if self._current(record):
                    track_open_loops(uow, record, final, now=self.clock.now(), ids=self.ids)
                uow.summaries.delete_snapshots(record.session_id)
                pruned = uow.summaries.prune_finals(record.project, self.keep_finals)
            if not more:  # capped: left pending so the next recovery mines the rest
                uow.sessions.mark_finalized(record.session_id, at=self.clock.now(), by=by)
            uow.commit()
        return Finalized(record.session_id, final, len(snapshots), tail.candidates, pruned, None), steps

    def _current(self, record: SessionRecord) -> bool:
        path = record.transcript_path
        written = self.transcripts.modified_at(path) if self.transcripts is not None and path else None
        return written is None or self.clock.now() - written <= LOOP_WINDOW

    def _final(self, record: SessionRecord, merged: list[SessionSummary], tail: "_Tail") -> SessionSummary:
        from abzu.application.sessions.stored import stored_text  # see _reconcile

        operational, conversational = reconcile(
            merged, tail_operational=tail.notes, tail_conversational=tail.compact
        )
        latest = merged[-1] if merged else None
        return SessionSummary(
            id=self.ids.new_id("s"), session_id=record.session_id, project=record.project,
            sequence=max((s.sequence for s in merged), default=0), created_at=self.clock.now(),
            goal=latest.goal if latest else None, phase=latest.phase if latest else None,
            operational_state=stored_text(operational), conversational_state=stored_text(conversational),
            is_final=True,
        )


@dataclass(frozen=True, slots=True)
class _Tail:
    """What the transcript added since the last snapshot."""

    notes: str | None = None
    compact: str | None = None
    candidates: int = 0

    @property
    def is_empty(self) -> bool:
        return not (self.notes or self.compact)

    @classmethod
    def of(cls, extraction: "ExtractionResult | None") -> "_Tail":
        if extraction is None:
            return cls()
        return cls(
            extraction.operational_notes(), extraction.digest.compact_summary or None,
            extraction.candidates_created,
        )
