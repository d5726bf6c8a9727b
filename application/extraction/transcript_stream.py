"""Reading a transcript in bounded pieces, for use cases that mine it whole."""

from collections.abc import Iterator

from abzu.application.extraction.ports import TranscriptReader
from abzu.domain.extraction.transcript import JSONL_FORMAT_VERSION, TranscriptChunk, TranscriptRecord


class TranscriptStream:
    """Reads a transcript in bounded pieces, so that memory does not grow with its size; stops
    at the first piece whose structure is not recognised."""

    def __init__(self, reader: TranscriptReader, path: str, offset: int, chunk_bytes: int) -> None:
        self.reader, self.path, self.offset, self.chunk_bytes = reader, path, offset, chunk_bytes
        self.counts = {"corrupt": 0, "unknown": 0, "shape": 0, "oversized": 0, "lines": 0}
        self.rejected: str | None = None
        self.skipped_at: list[int] = []
        self.restarted = False  # the reader went back to the start: the file was replaced
        self._first: TranscriptChunk | None = None

    def open(self) -> None:
        """Reads the first piece now, so that whether the reader started over (an offset past
        the end of the file) is known before any record is mined."""
        self._first = self.reader.read(self.path, self.offset, self.chunk_bytes)
        self.restarted = self._first.end_offset < self.offset

    def records(self) -> Iterator[TranscriptRecord]:
        while True:
            chunk = self._first or self.reader.read(self.path, self.offset, self.chunk_bytes)
            self._first = None
            self._count(chunk)
            if not chunk.format_recognised:
                self.rejected = chunk.format_detail
                return
            yield from chunk.records
            self.offset = chunk.end_offset
            if chunk.reached_end:
                return

    def _count(self, chunk: TranscriptChunk) -> None:
        self.counts["corrupt"] += chunk.skipped_corrupt
        self.counts["unknown"] += chunk.skipped_unknown
        self.counts["shape"] += chunk.skipped_shape
        self.counts["oversized"] += chunk.skipped_oversized
        self.counts["lines"] += chunk.lines_read
        self.skipped_at = [*self.skipped_at, *chunk.skipped_at][:5]

    def describe(self) -> str:
        counts = ", ".join(f"{name}={value}" for name, value in self.counts.items())
        rejected = f"; not {JSONL_FORMAT_VERSION}: {self.rejected}" if self.rejected else ""
        where = f"; skipped lines at bytes {', '.join(map(str, self.skipped_at))}" if self.skipped_at else ""
        return f"{JSONL_FORMAT_VERSION}: {counts}, offset={self.offset}{where}{rejected}"
