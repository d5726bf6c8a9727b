"""Pydantic models of one Claude Code JSONL line (claude-code.md §8), lenient by design.

Only the fields extraction needs are modelled; unknown fields are ignored, so a new Claude Code
field never breaks parsing. What is modelled must have the expected shape, which is what the
structure check (domain/extraction/transcript_format.py) counts.
"""

from pydantic import BaseModel, ConfigDict


class _Lenient(BaseModel):
    model_config = ConfigDict(extra="ignore")


class ContentBlock(_Lenient):
    type: str
    text: str | None = None
    id: str | None = None
    name: str | None = None
    input: dict[str, object] | None = None
    tool_use_id: str | None = None
    content: object = None  # tool_result: a string or a list of text/image blocks
    is_error: bool | None = None


class Message(_Lenient):
    role: str | None = None
    content: str | list[ContentBlock]


class FileResult(_Lenient):
    """The `toolUseResult` of Write/Edit/MultiEdit; other tools' results only lack filePath."""

    filePath: str | None = None  # Claude Code spells its fields in camelCase


class TranscriptLine(_Lenient):
    type: str | None = None
    uuid: str | None = None
    timestamp: str | None = None
    sessionId: str | None = None
    isSidechain: bool | None = None
    isMeta: bool | None = None
    isCompactSummary: bool | None = None
    isApiErrorMessage: bool | None = None
    subtype: str | None = None
    message: Message | None = None
    toolUseResult: FileResult | str | list[object] | None = None


class TypeOnly(_Lenient):
    """Fallback read of a line that did not fit TranscriptLine: what type did it claim?"""

    type: str | None = None
