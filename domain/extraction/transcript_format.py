"""The structure check of spec §6 "JSONL Parser Versioning": do the first records of a transcript
look like the format this parser understands (JSONL_FORMAT_VERSION)?

If Claude Code changes its format, heuristics would silently mine garbage; better to extract
nothing, say so, and leave the transcript for a parser that understands it.
"""

from dataclasses import dataclass, replace
from enum import Enum

# Top-level `type`s of claude-code-jsonl/1 (claude-code.md §8.1).
CONVERSATION_TYPES = frozenset({"user", "assistant", "system"})
OTHER_KNOWN_TYPES = frozenset(
    {"summary", "queue-operation", "custom-title", "progress", "attachment"}
)
SNAPSHOT_PREFIX = "file-history-snapshot"


def is_known_type(record_type: str | None) -> bool:
    if record_type is None:
        return False
    return (
        record_type in CONVERSATION_TYPES or record_type in OTHER_KNOWN_TYPES
        or record_type.startswith(SNAPSHOT_PREFIX)
    )


class LineShape(Enum):
    CONVERSATION = "conversation"  # user/assistant/system with the expected envelope and message
    MALFORMED = "malformed"  # a conversation type whose fields do not have the expected shape
    OTHER_KNOWN = "other-known"  # summary, snapshots, progress, ...
    UNKNOWN = "unknown"  # a JSON object of a type this version does not know


@dataclass(frozen=True, slots=True)
class FormatProbe:
    """Judges the first `window` JSON-object lines of a read (corrupt lines are not evidence).

    - Unrecognised when none of them has a known type, or when malformed conversation records
      outnumber well-formed ones.
    - Recognised otherwise, including when there is nothing to judge yet.
    """

    window: int = 8
    conversation: int = 0
    malformed: int = 0
    other: int = 0
    unknown: int = 0

    @property
    def seen(self) -> int:
        return self.conversation + self.malformed + self.other + self.unknown

    @property
    def decided(self) -> bool:
        return self.seen >= self.window

    def observe(self, shape: LineShape) -> "FormatProbe":
        if self.decided:
            return self
        field = {
            LineShape.CONVERSATION: "conversation", LineShape.MALFORMED: "malformed",
            LineShape.OTHER_KNOWN: "other", LineShape.UNKNOWN: "unknown",
        }[shape]
        return replace(self, **{field: getattr(self, field) + 1})

    @property
    def recognised(self) -> bool:
        if self.seen == 0:
            return True
        known = self.conversation + self.malformed + self.other
        return known > 0 and self.malformed <= self.conversation

    def describe(self) -> str:
        return (
            f"first {self.seen} records: {self.conversation} conversation, {self.malformed} "
            f"malformed, {self.other} other known, {self.unknown} unknown"
        )
