"""A Claude Code transcript as Abzu understands it (spec §6 "JSONL Parser Versioning").

The JSONL adapter turns raw lines into these records; everything Abzu must never mine (meta
records, command wrappers, system reminders, thinking, attachments, its own injected context) is
already gone, so the extraction heuristics only see what the user and Claude actually said and did.
"""

from collections.abc import Mapping
from dataclasses import dataclass

from abzu.domain.sessions.item import ABZU_CONTEXT_MARKER  # defined beside the header that writes it

# The transcript structure this parser understands; bump when the recognised shape changes.
JSONL_FORMAT_VERSION = "claude-code-jsonl/1"

__all__ = ["ABZU_CONTEXT_MARKER", "JSONL_FORMAT_VERSION", "ToolCall", "ToolOutcome", "TranscriptChunk",
           "TranscriptRecord"]


@dataclass(frozen=True, slots=True)
class ToolCall:
    """A `tool_use` block of an assistant record."""

    id: str
    name: str
    input: Mapping[str, object]


@dataclass(frozen=True, slots=True)
class ToolOutcome:
    """A `tool_result` block of a user record, with the path from `toolUseResult` if any."""

    tool_use_id: str
    is_error: bool
    text: str
    file_path: str | None


@dataclass(frozen=True, slots=True)
class TranscriptRecord:
    uuid: str
    kind: str  # "user" | "assistant" | "system"
    timestamp: str | None
    session_id: str | None
    is_sidechain: bool
    is_compact_summary: bool
    text: str  # human/assistant prose (no thinking, no command wrappers, no injected context)
    tool_calls: tuple[ToolCall, ...]
    tool_outcomes: tuple[ToolOutcome, ...]
    subtype: str | None = None  # system subtype, e.g. "compact_boundary"
    is_api_error: bool = False  # assistant records Claude Code wrote for a failed API call
    interrupted: bool = False  # "[Request interrupted by user]"
    offset: int = -1  # byte offset of the line the record came from (-1: not from a file)

    @property
    def is_human(self) -> bool:
        """Words the user typed: a main-thread user record with prose and no tool results."""
        return (
            self.kind == "user" and not self.is_sidechain and not self.is_compact_summary
            and not self.tool_outcomes and not self.interrupted and bool(self.text)
        )


@dataclass(frozen=True, slots=True)
class TranscriptChunk:
    """What one read from a byte offset produced.

    `end_offset` is the byte offset just after the last complete line consumed: an unfinished
    last line is left for the next read. `format_recognised` is False when the first records do
    not look like the structure of JSONL_FORMAT_VERSION; the records are then empty and
    `end_offset` is the offset the read started from.
    """

    records: tuple[TranscriptRecord, ...]
    end_offset: int
    skipped_corrupt: int
    skipped_unknown: int
    format_recognised: bool
    skipped_oversized: int = 0  # lines over the size limit, skipped before JSON parsing
    skipped_shape: int = 0  # valid JSON of a known type with fields of an unexpected shape
    lines_read: int = 0  # complete lines consumed, whatever became of them
    reached_end: bool = True  # False when the read stopped at its byte budget, not at the end
    format_detail: str = ""  # what the structure check saw, for the extraction log
    skipped_at: tuple[int, ...] = ()  # byte offsets of the first skipped lines, to find them
