"""Streaming reader of Claude Code JSONL transcripts (claude-code.md §8.6, reliability.md J1–J6)."""

import os
import stat
from collections.abc import Iterator
from typing import TYPE_CHECKING, BinaryIO

from abzu.adapters.jsonl.line_parse import Line, as_plain, plain_line
from abzu.adapters.jsonl.record_mapping import PlannedRecord, plan_record, queued_prompt
from abzu.adapters.jsonl.redaction_batch import RedactionBatch
from abzu.application.extraction.ports import TranscriptReader, TranscriptUnreadable
from abzu.domain.extraction.rules import OUTPUT_READERS
from abzu.domain.extraction.transcript import TranscriptChunk, TranscriptRecord
from abzu.domain.extraction.transcript_format import CONVERSATION_TYPES, FormatProbe, LineShape, is_known_type

if TYPE_CHECKING:
    from pydantic import ValidationError

MAX_LINE_BYTES = 8 * 1024 * 1024
_SKIP_BLOCK = 1024 * 1024
READ_BLOCK = 1024 * 1024
MAX_SKIPPED_REPORTED = 5
BATCH_LINES = 256  # records whose texts are redacted together (redaction_batch.py)


class JsonlTranscriptReader(TranscriptReader):
    """Reads complete lines from a byte offset in binary mode; see the port for the contract.

    `max_bytes` (default: no limit) ends the read at the first line boundary past that many
    bytes, so a caller can stream a huge transcript in bounded pieces.
    """

    def __init__(self, *, max_line_bytes: int = MAX_LINE_BYTES, probe_window: int = 8) -> None:
        self._max_line = max_line_bytes
        self._window = probe_window

    def read(self, path: str, offset: int, max_bytes: int | None = None) -> TranscriptChunk:
        handle = open_regular(path)
        with handle:
            size = os.fstat(handle.fileno()).st_size
            start = offset if 0 <= offset <= size else 0
            handle.seek(start)
            scan = _Scan(start, FormatProbe(window=self._window))
            for raw, length in _complete_lines(handle, self._max_line):
                scan.consume(raw, length)
                if scan.rejected:
                    break
                if max_bytes is not None and scan.offset - start >= max_bytes:
                    return scan.chunk(reached_end=False)
            return scan.chunk(reached_end=True)


def open_regular(path: str) -> BinaryIO:
    """The transcript opened for reading, only if it is a regular file (issue 20.7).

    Opened non-blocking so a FIFO without a writer cannot hang a hook or finalize, then checked:
    a device (`/dev/zero`), FIFO or socket never ends and is refused before any read.
    """
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        raise TranscriptUnreadable(path, exc.strerror or type(exc).__name__) from exc
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise TranscriptUnreadable(path, "not a regular file")
    return os.fdopen(fd, "rb")


def _complete_lines(handle: BinaryIO, limit: int) -> Iterator[tuple[bytes | None, int]]:
    """(line, bytes consumed) per `\\n`-terminated line, None for a line over `limit` bytes
    (skipped in blocks, never held whole); an unterminated tail is left unread.

    Read in blocks and split here: `readline` per line was up to a tenth of the ingest (issue 13)."""
    tail = b""
    while block := handle.read(READ_BLOCK):
        data = tail + block if tail else block
        start, end = 0, data.find(b"\n")
        while end >= 0:
            length = end + 1 - start
            yield (data[start:end + 1] if length <= limit + 1 else None), length
            start, end = end + 1, data.find(b"\n", end + 1)
        tail = data[start:]
        if len(tail) > limit:  # over the limit already: skip to its end without holding it
            rest = _skip_line(handle)
            if rest is None:
                return
            yield None, len(tail) + rest
            tail = b""


def _skip_line(handle: BinaryIO) -> int | None:
    skipped = 0
    while piece := handle.readline(_SKIP_BLOCK):
        skipped += len(piece)
        if piece.endswith(b"\n"):
            return skipped
    return None


class _Scan:
    """Accumulates one read; its records are returned only if the format probe recognised them."""

    def __init__(self, start: int, probe: FormatProbe) -> None:
        self.start = self.offset = start
        self.probe = probe
        self.records: list[TranscriptRecord] = []
        self.counts = {"corrupt": 0, "unknown": 0, "oversized": 0, "shape": 0, "lines": 0}
        self.skipped_at: list[int] = []
        self.line_start = start
        self.calls: dict[str, str] = {}  # tool_use id -> tool name, until its result is read
        self.batch = RedactionBatch()
        self.planned: list[PlannedRecord] = []
        # The probe counts shapes until it decides; then it never changes (checked once, not per line).
        self.judging, self.refused = True, False

    @property
    def rejected(self) -> bool:
        return self.refused

    def consume(self, raw: bytes | None, length: int) -> None:
        line_start, self.offset = self.offset, self.offset + length
        self.line_start = line_start
        self.counts["lines"] += 1
        if raw is None:
            self._skip("oversized")
            return
        line = plain_line(raw)
        if line is None:  # not plain: the model judges it, as it did every line before
            from pydantic import ValidationError  # the models load for such a line only

            from abzu.adapters.jsonl.line_models import TranscriptLine

            try:
                line = as_plain(TranscriptLine.model_validate_json(raw))
            except ValidationError as exc:
                self._misfit(raw, exc)
                return
        self._accept(line, line_start)

    def _accept(self, line: Line, line_start: int) -> None:
        kind = line.get("type")
        if not is_known_type(kind):
            self._observe(LineShape.UNKNOWN, "unknown")
        elif kind not in CONVERSATION_TYPES:
            self._observe(LineShape.OTHER_KNOWN, None)
            if kind == "attachment" and (typed := queued_prompt(line)) is not None:
                self._plan(typed, line_start)
        elif not _well_formed(line):
            self._observe(LineShape.MALFORMED, "shape")
        else:
            self._observe(LineShape.CONVERSATION, None)
            self._plan(line, line_start)

    def _plan(self, line: Line, line_start: int) -> None:
        plan = plan_record(line, self.batch, line_start, self._wanted)
        if plan is not None:
            self.planned.append(plan)
            self.calls.update((i, n) for i, n, _ in plan.calls)
            if len(self.planned) >= BATCH_LINES:
                self._build()

    def _build(self) -> None:
        """Redacts the planned records' texts in one batch, then makes the records."""
        self.batch.run()
        self.records.extend(plan.build(self.batch) for plan in self.planned)
        self.planned.clear()
        self.batch.clear()

    def _wanted(self, tool_use_id: str, is_error: bool) -> bool:
        """Keep an output if it failed, if the heuristics read its tool's output, or if its call
        was not in this read (a resumed read: keep it, as before)."""
        name = self.calls.pop(tool_use_id, None)
        return is_error or name is None or name in OUTPUT_READERS

    def _misfit(self, raw: bytes, exc: "ValidationError") -> None:
        from pydantic import ValidationError

        from abzu.adapters.jsonl.line_models import TypeOnly

        if any(error["type"] == "json_invalid" for error in exc.errors()):
            self._skip("corrupt")
            return
        try:
            claimed = TypeOnly.model_validate_json(raw).type
        except ValidationError:  # valid JSON, but not an object with a string type
            self._skip("corrupt")
            return
        if is_known_type(claimed):
            self._observe(LineShape.MALFORMED, "shape")
        else:
            self._observe(LineShape.UNKNOWN, "unknown")

    def _observe(self, shape: LineShape, counter: str | None) -> None:
        if self.judging:
            self.probe = self.probe.observe(shape)
            self.judging = not self.probe.decided
            self.refused = not (self.judging or self.probe.recognised)
        if counter is not None:
            self._skip(counter)

    def _skip(self, counter: str) -> None:
        self.counts[counter] += 1
        if len(self.skipped_at) < MAX_SKIPPED_REPORTED:
            self.skipped_at.append(self.line_start)

    def chunk(self, *, reached_end: bool) -> TranscriptChunk:
        recognised = self.probe.recognised
        if recognised:
            self._build()
        return TranscriptChunk(
            records=tuple(self.records) if recognised else (),
            end_offset=self.offset if recognised else self.start,
            skipped_corrupt=self.counts["corrupt"], skipped_unknown=self.counts["unknown"],
            format_recognised=recognised, skipped_oversized=self.counts["oversized"],
            skipped_shape=self.counts["shape"], lines_read=self.counts["lines"],
            reached_end=reached_end if recognised else False,
            format_detail=self.probe.describe(), skipped_at=tuple(self.skipped_at),
        )


def _well_formed(line: Line) -> bool:
    """A conversation record needs a uuid, and user/assistant records a message."""
    if not line.get("uuid"):
        return False
    return line.get("type") == "system" or line.get("message") is not None
