"""Ports of the transcript side of the session lifecycle (issue 4)."""

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from types import TracebackType
from typing import Protocol, Self

from abzu.domain.extraction.model import FailureTally
from abzu.domain.extraction.transcript import TranscriptChunk


class TranscriptUnreadable(Exception):
    """The transcript could not be opened: missing, a directory, or no permission."""

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(f"cannot read transcript {path}: {reason}")
        self.path = path
        self.reason = reason


class TranscriptReader(Protocol):
    """Claude Code JSONL transcripts.

    `read` streams from byte `offset` up to the last complete line and never raises for bad
    content: corrupt, oversized and unknown lines are skipped and counted in the chunk. An offset
    past the end of the file (the file was replaced) reads from the start. An unrecognised
    structure gives `format_recognised=False`, no records and `end_offset == offset`.
    `max_bytes`, if given, ends the read at the first line boundary past that many bytes
    (`reached_end` is then False): a huge transcript can be streamed in bounded pieces.
    Raises TranscriptUnreadable when the file cannot be opened at all.
    """

    def read(self, path: str, offset: int, max_bytes: int | None = None) -> TranscriptChunk: ...


@dataclass(frozen=True, slots=True)
class Cursor:
    """`byte_offset`: where the next pass starts (it may stay behind on a failure waiting for
    its fix); `read_to`: how far passes have read (None: not recorded, as before s0015), so the
    next pass knows which bytes it reads again; `failures`: what they counted (issue 29.9)."""

    session_id: str
    transcript_path: str
    byte_offset: int
    read_to: int | None = None
    failures: FailureTally = ()


class ExtractionStatus(StrEnum):
    """How one extraction run ended (extraction_log.status)."""

    OK = "ok"
    SKIPPED_FORMAT = "skipped-format"  # a transcript structure Abzu does not recognise
    SKIPPED = "skipped"  # distillation off, capped or nothing to send
    FAILED = "failed"


class ExtractionMethod(StrEnum):
    """Who extracted (extraction_log.method): spec §6 step 1 or step 2."""

    HEURISTIC = "heuristic"
    CC_DISTILL = "cc_distill"


@dataclass(frozen=True, slots=True)
class ExtractionLogEntry:
    id: str
    session_id: str
    jsonl_path: str
    candidates_created: int
    status: ExtractionStatus
    detail: str
    method: ExtractionMethod = ExtractionMethod.HEURISTIC
    tokens: int = 0  # what a distiller reported spending (0 for heuristics)
    child_session_id: str | None = None  # the Claude Code session a distiller ran as (s0016)


class ExtractionStore(Protocol):
    """Extraction bookkeeping in abzu.db (cursors, extracted messages, extraction log).

    `cursor` is None for a session never mined. `mark_extracted` is idempotent: recording the
    same (session, message uuid, kind) twice keeps the first row. Never commits.
    """

    def cursor(self, session_id: str) -> Cursor | None: ...
    def save_cursor(self, cursor: Cursor, *, at: datetime) -> None: ...
    def already_extracted(self, session_id: str, keys: Sequence[tuple[str, str]]) -> set[tuple[str, str]]:
        """Which of `keys` (message uuid, kind) the session already has recorded."""
        ...
    def mark_extracted(
        self, session_id: str, message_uuid: str, kind: str, *, candidate_id: str | None, at: datetime
    ) -> None: ...
    def log(self, entry: ExtractionLogEntry, *, at: datetime) -> None: ...
    def method_runs_since(self, method: str, since: datetime) -> int:
        """Log rows of `method` that called out (status ok or failed) at or after `since`."""
        ...
    def method_tokens_since(self, method: str, since: datetime) -> int:
        """Tokens the log rows of `method` at or after `since` reported spending."""
        ...


class ExtractionUnitOfWork(Protocol):
    """One abzu.db write transaction; leaving the block without `commit` rolls back."""

    @property
    def extraction(self) -> ExtractionStore: ...

    def __enter__(self) -> Self: ...
    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None: ...
    def commit(self) -> None: ...
