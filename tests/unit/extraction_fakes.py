"""In-memory doubles of the extraction ports (application/extraction/ports.py)."""

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from types import TracebackType
from typing import Self

from abzu.application.extraction.ports import (
    Cursor,
    ExtractionLogEntry,
    ExtractionStore,
    ExtractionUnitOfWork,
    TranscriptReader,
    TranscriptUnreadable,
)
from abzu.domain.extraction.transcript import TranscriptChunk, TranscriptRecord


class InMemoryExtractionStore(ExtractionStore):
    def __init__(self) -> None:
        self.cursors: dict[str, Cursor] = {}
        self.extracted: dict[tuple[str, str, str], str | None] = {}
        self.entries: list[ExtractionLogEntry] = []
        self.logged_at: list[datetime] = []

    def cursor(self, session_id: str) -> Cursor | None:
        return self.cursors.get(session_id)

    def save_cursor(self, cursor: Cursor, *, at: datetime) -> None:
        self.cursors[cursor.session_id] = cursor

    def already_extracted(self, session_id: str, keys: Sequence[tuple[str, str]]) -> set[tuple[str, str]]:
        return {(m, k) for m, k in keys if (session_id, m, k) in self.extracted}

    def mark_extracted(
        self, session_id: str, message_uuid: str, kind: str, *, candidate_id: str | None, at: datetime
    ) -> None:
        self.extracted.setdefault((session_id, message_uuid, kind), candidate_id)

    def log(self, entry: ExtractionLogEntry, *, at: datetime) -> None:
        self.entries.append(entry)
        self.logged_at.append(at)

    def method_runs_since(self, method: str, since: datetime) -> int:
        return sum(1 for e, at in zip(self.entries, self.logged_at, strict=True)
                   if e.method == method and e.status in ("ok", "failed") and at >= since)

    def method_tokens_since(self, method: str, since: datetime) -> int:
        return sum(e.tokens for e, at in zip(self.entries, self.logged_at, strict=True)
                   if e.method == method and at >= since)

    def method_counts(self, method: str) -> dict[str, int]:
        counts: dict[str, int] = {}
        for e in self.entries:
            if e.method == method:
                counts[e.status] = counts.get(e.status, 0) + 1
        return counts


class FakeExtractionUnitOfWork(ExtractionUnitOfWork):
    """Changes become visible only on commit, as with a real transaction."""

    def __init__(self) -> None:
        self.committed = InMemoryExtractionStore()
        self._working = self.committed

    @property
    def extraction(self) -> ExtractionStore:
        return self._working

    def __enter__(self) -> Self:
        self._working = InMemoryExtractionStore()
        self._working.cursors = dict(self.committed.cursors)
        self._working.extracted = dict(self.committed.extracted)
        self._working.entries = list(self.committed.entries)
        self._working.logged_at = list(self.committed.logged_at)
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self._working = self.committed

    def commit(self) -> None:
        self.committed = self._working


@dataclass
class ScriptedReader(TranscriptReader):
    """Serves one transcript as fixed pieces: piece i covers bytes [i*width, (i+1)*width)."""

    pieces: list[tuple[TranscriptRecord, ...]]
    width: int = 100
    recognised: bool = True
    missing: bool = False
    reads: list[int] = field(default_factory=list)

    def read(self, path: str, offset: int, max_bytes: int | None = None) -> TranscriptChunk:
        self.reads.append(offset)
        if self.missing:
            raise TranscriptUnreadable(path, "No such file or directory")
        index = offset // self.width
        if not self.recognised:
            return TranscriptChunk((), offset, 0, 8, False, reached_end=False, format_detail="8 unknown")
        records = self.pieces[index] if index < len(self.pieces) else ()
        end = min(index + 1, len(self.pieces)) * self.width
        return TranscriptChunk(records, end, 1, 0, True, reached_end=index + 1 >= len(self.pieces))
