"""Use case: mine a Claude Code transcript for candidates (spec §6 "Session-End Extraction", step 1)."""

import logging
from collections.abc import Sequence
from dataclasses import dataclass

from returns.result import Result, Success

from abzu.application.extraction.ports import (
    Cursor,
    ExtractionLogEntry,
    ExtractionStatus,
    ExtractionUnitOfWork,
    TranscriptReader,
    TranscriptUnreadable,
)
from abzu.application.extraction.transcript_stream import TranscriptStream
from abzu.application.ports import Clock, IdGenerator
from abzu.application.remember import Remembered, RememberError, RememberRequest
from abzu.application.remember_many import RememberMany
from abzu.domain.bead import CandidateSource, VouchedBy
from abzu.domain.dedup import DedupOutcome
from abzu.domain.extraction.heuristics import CandidateDraft, SessionDigest, digest
from abzu.domain.extraction.transcript import JSONL_FORMAT_VERSION
from abzu.domain.redaction import redact

log = logging.getLogger("abzu.extraction")
CHUNK_BYTES = 16 * 1024 * 1024
# How far behind the end a cursor may stay so that a failure can still meet its later fix.
LOOKBACK_BYTES = 2 * 1024 * 1024
BATCH = 50  # candidates per staging transaction: one commit each, and the lock is not held long


@dataclass(frozen=True, slots=True)
class ExtractionResult:
    digest: SessionDigest
    candidates_created: int
    skipped_corrupt: int
    skipped_unknown: int
    format_recognised: bool
    new_offset: int  # the stored cursor: where the next extraction of this session starts
    status: ExtractionStatus = ExtractionStatus.OK
    skipped_duplicates: int = 0  # drafts already staged (same message) or equal to a staged text
    detail: str = ""
    skipped_shape: int = 0
    skipped_oversized: int = 0
    read_to: int = 0  # the end of what this run read (≥ new_offset)
    capped: bool = False  # the per-session cap stopped the pass early: more to mine next time

    def operational_notes(self) -> str | None:
        """The digest's operational state (files, tasks, fixes, errors, decisions, last request)."""
        return None if self.digest.is_empty else self.digest.operational_state().strip() or None


@dataclass(frozen=True, slots=True)
class ExtractTranscript:
    """- Mines from where the last extraction of this session stopped (a different transcript
      path starts over); an unfinished last line is left for the next run.
    - A failure still waiting for its fix keeps the cursor on its call (at most LOOKBACK_BYTES
      back), so a fix written after this run is still paired with it by the next one.
    - A transcript whose structure is not JSONL_FORMAT_VERSION's yields nothing: a warning, an
      extraction_log row `skipped-format`, and the cursor stays where it was.
    - Decisions and real fixes are staged (source session_end, the session id; the request, the
      exchange and the files as context) through RememberMany (Remember's rules, one transaction
      per batch), so the same dedup and redaction apply as to `remember`.
    - Each draft is staged at most once per (session, message, kind): re-running adds nothing.
    - Bytes read again (behind the cursor's `read_to`) add nothing: no candidate, no note for
      the summary; a failure is counted once over the whole session (issue 29.9).
    - An unreadable transcript is logged as `failed` and reported in the result, never raised.
    - A pass stops at the per-session cap (`CANDIDATE_CAP`): the log and the extraction_log
      detail say "capped", and the cursor stays on the first line not read (issue 20.7).
    """

    reader: TranscriptReader
    extraction_uow: ExtractionUnitOfWork
    remember: RememberMany
    clock: Clock
    ids: IdGenerator
    chunk_bytes: int = CHUNK_BYTES

    def execute(self, *, session_id: str, transcript_path: str, project: str | None) -> ExtractionResult:
        cursor = self._start(session_id, transcript_path)
        stream = TranscriptStream(self.reader, transcript_path, cursor.byte_offset, self.chunk_bytes)
        try:
            stream.open()
            if stream.restarted:  # the file was replaced: what the cursor knew was of another file
                cursor = Cursor(session_id, transcript_path, 0)
            seen_to = cursor.byte_offset if cursor.read_to is None else cursor.read_to
            found = digest(stream.records(), seen_to=seen_to, earlier=cursor.failures)
        except TranscriptUnreadable as exc:
            return self._finish(session_id, transcript_path, stream, digest(()), 0, 0, failure=exc.reason)
        if stream.rejected is not None:
            log.warning("transcript %s: structure not recognised as %s (%s); nothing extracted",
                        transcript_path, JSONL_FORMAT_VERSION, stream.rejected)
        created, duplicates = self._stage(session_id, project, found.candidate_drafts())
        return self._finish(session_id, transcript_path, stream, found, created, duplicates, seen_to=seen_to)

    def _start(self, session_id: str, transcript_path: str) -> Cursor:
        """The session's cursor on this transcript; a new one (from byte 0) for another path."""
        with self.extraction_uow as uow:
            cursor = uow.extraction.cursor(session_id)
        fresh = Cursor(session_id, transcript_path, 0)
        return cursor if cursor is not None and cursor.transcript_path == transcript_path else fresh

    def _stage(
        self, session_id: str, project: str | None, drafts: Sequence[CandidateDraft]
    ) -> tuple[int, int]:
        with self.extraction_uow as uow:
            # One look-up for the batch, not a query per draft.
            done = uow.extraction.already_extracted(session_id, [(d.message_uuid, d.kind) for d in drafts])
        fresh = [d for d in drafts if (d.message_uuid, d.kind) not in done]
        created = 0
        for first in range(0, len(fresh), BATCH):
            batch = fresh[first:first + BATCH]
            outcomes = self.remember.execute([_request(session_id, project, d) for d in batch]).items
            created += self._mark(session_id, batch, [_remembered(o) for o in outcomes])
        return created, len(drafts) - created

    def _mark(
        self, session_id: str, batch: Sequence[CandidateDraft], outcomes: Sequence[Remembered | None]
    ) -> int:
        with self.extraction_uow as uow:
            for draft, remembered in zip(batch, outcomes, strict=True):
                uow.extraction.mark_extracted(
                    session_id, draft.message_uuid, draft.kind,
                    candidate_id=remembered.id if remembered else None, at=self.clock.now(),
                )
            uow.commit()
        return sum(1 for r in outcomes if r and r.outcome is not DedupOutcome.SKIPPED_DUPLICATE)

    def _finish(
        self, session_id: str, path: str, stream: TranscriptStream, found: SessionDigest,
        created: int, duplicates: int, *, failure: str | None = None, seen_to: int = 0,
    ) -> ExtractionResult:
        status = (ExtractionStatus.FAILED if failure else ExtractionStatus.SKIPPED_FORMAT
                  if stream.rejected is not None else ExtractionStatus.OK)
        # A failure's message may quote SQL parameters or a line of the transcript.
        detail = redact(failure).text if failure else stream.describe()
        read_to = stream.offset if found.capped_at is None else found.capped_at
        cursor = _cursor(read_to, found.resume_offset)
        if found.capped_at is not None:
            detail = _capped(path, found, found.capped_at, detail)
        saved = Cursor(session_id, path, cursor, max(read_to, seen_to), found.failure_tally)
        with self.extraction_uow as uow:
            if failure is None:
                uow.extraction.save_cursor(saved, at=self.clock.now())
            uow.extraction.log(
                ExtractionLogEntry(self.ids.new_id("x"), session_id, path, created, status, detail),
                at=self.clock.now(),
            )
            uow.commit()
        return ExtractionResult(
            digest=found, candidates_created=created, skipped_corrupt=stream.counts["corrupt"],
            skipped_unknown=stream.counts["unknown"], format_recognised=stream.rejected is None,
            new_offset=cursor, status=status, skipped_duplicates=duplicates, detail=detail,
            skipped_shape=stream.counts["shape"], skipped_oversized=stream.counts["oversized"],
            read_to=read_to, capped=found.capped_at is not None,
        )


def _capped(path: str, found: SessionDigest, rest_from: int, detail: str) -> str:
    """Says so in abzu.log and in extraction_log's detail: a silent cap loses work unseen."""
    count = len(found.candidate_drafts())
    log.warning("transcript %s: per-session cap reached (%d candidates); the rest, from byte %d, "
                "is kept for the next pass", path, count, rest_from)
    return f"capped: {count} candidates, rest from byte {rest_from} on the next pass; {detail}"


def _request(session_id: str, project: str | None, draft: CandidateDraft) -> RememberRequest:
    """`context` holds words only: the request, the exchange, the files. Recall indexes it, so a
    session or message id there would be a search token matching every candidate of that
    session; provenance stays in `session_id` and in extracted_messages (message -> candidate)."""
    files = f"Files: {', '.join(draft.files)}" if draft.files else ""
    context = "\n".join(part for part in (draft.context, files) if part) or None
    return RememberRequest(
        content=draft.content, category=draft.category.value, project=project, summary=draft.summary,
        source=CandidateSource.SESSION_END, session_id=session_id, context=context,
        files=draft.files, commands=draft.commands,  # anchors (issue 16)
        vouched_by=VouchedBy.AGENT,  # mined, even from the user's words: nobody checked it (issue 29)
    )


def _remembered(outcome: Result[Remembered, RememberError]) -> Remembered | None:
    match outcome:
        case Success(Remembered() as remembered):
            return remembered
        case _:
            return None


def _cursor(read_to: int, resume: int | None) -> int:
    return resume if resume is not None and read_to - resume <= LOOKBACK_BYTES else read_to
