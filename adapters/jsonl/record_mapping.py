"""TranscriptLine (pydantic, the wire) → TranscriptRecord (domain): what is kept and what is not.

Dropped here: `isMeta` records, thinking blocks, images, and everything `prose`/`strip_injected`
remove. Long strings are shortened so that memory stays bounded however big the transcript is:
extraction needs paths, commands and excerpts, never whole file bodies.

Every string is redacted (secrets, `<private>` spans) here, whole, BEFORE it is cut: a cut
through a token leaves a fragment no rule recognises any more, and everything downstream
(excerpts, summaries, candidates) is cut again.
"""

from collections.abc import Mapping

from abzu.adapters.jsonl.line_models import ContentBlock, TranscriptLine
from abzu.domain.extraction.transcript import ToolCall, ToolOutcome, TranscriptRecord
from abzu.domain.extraction.transcript_text import is_interruption, prose, strip_injected
from abzu.domain.redaction import redact

MAX_PROSE_CHARS = 8_000
MAX_INPUT_STRING = 2_000
OUTPUT_HEAD, OUTPUT_TAIL = 1_500, 2_500  # errors tend to be at the end of an output


def to_record(line: TranscriptLine, offset: int = -1) -> TranscriptRecord | None:
    if line.isMeta or not line.uuid or line.type not in ("user", "assistant", "system"):
        return None
    blocks, texts = _content(line)
    return TranscriptRecord(
        uuid=line.uuid, kind=line.type, timestamp=line.timestamp, session_id=line.sessionId,
        is_sidechain=bool(line.isSidechain), is_compact_summary=bool(line.isCompactSummary),
        text=_text(line, texts),
        tool_calls=tuple(_call(b) for b in blocks if b.type == "tool_use"),
        tool_outcomes=_outcomes(line, blocks), subtype=line.subtype,
        is_api_error=bool(line.isApiErrorMessage),
        interrupted=line.type == "user" and bool(texts) and is_interruption(texts[0]), offset=offset,
    )


def _content(line: TranscriptLine) -> tuple[list[ContentBlock], list[str]]:
    """The blocks of the message, and its text blocks' texts (a string content is one text)."""
    if line.message is None:
        return [], []
    content = line.message.content
    if isinstance(content, str):
        return [], [content] if content else []
    return content, [b.text for b in content if b.type == "text" and b.text]


def _text(line: TranscriptLine, texts: list[str]) -> str:
    if line.type == "system":
        return ""
    if line.isCompactSummary:
        return _redacted("\n".join(strip_injected(t) for t in texts))
    return _redacted("\n".join(p for p in (prose(t) for t in texts) if p))[:MAX_PROSE_CHARS]


def _call(block: ContentBlock) -> ToolCall:
    return ToolCall(block.id or "", block.name or "", _trimmed(block.input or {}))


def _outcomes(line: TranscriptLine, blocks: list[ContentBlock]) -> tuple[ToolOutcome, ...]:
    results = [b for b in blocks if b.type == "tool_result"]
    path = line.result_file_path if len(results) == 1 else None
    return tuple(
        ToolOutcome(b.tool_use_id or "", bool(b.is_error), _result_text(b.content), path)
        for b in results
    )


def _result_text(content: object) -> str:
    if isinstance(content, str):
        text = content
    elif isinstance(content, list):
        text = "\n".join(
            str(part["text"]) for part in content
            if isinstance(part, Mapping) and part.get("type") == "text" and "text" in part
        )
    else:
        return ""
    text = _redacted(strip_injected(text))
    if len(text) <= OUTPUT_HEAD + OUTPUT_TAIL:
        return text
    return f"{text[:OUTPUT_HEAD]}\n…\n{text[-OUTPUT_TAIL:]}"


def _trimmed(value: Mapping[str, object]) -> dict[str, object]:
    return {key: _trim(item, depth=0) for key, item in value.items()}


def _trim(value: object, *, depth: int) -> object:
    if isinstance(value, str):
        value = _redacted(value)
        return value if len(value) <= MAX_INPUT_STRING else value[:MAX_INPUT_STRING] + "…"
    if depth > 4:
        return None
    if isinstance(value, Mapping):
        return {str(k): _trim(v, depth=depth + 1) for k, v in value.items()}
    if isinstance(value, list):
        return [_trim(v, depth=depth + 1) for v in value[:200]]
    return value


def _redacted(text: str) -> str:
    return redact(text).text if text else text
