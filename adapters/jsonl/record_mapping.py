"""TranscriptLine (pydantic, the wire) → TranscriptRecord (domain): what is kept and what is not.

Dropped here: `isMeta` records, thinking blocks, images, and everything `prose`/`strip_injected`
remove. Long strings are shortened so that memory stays bounded however big the transcript is:
extraction needs paths, commands and excerpts, never whole file bodies.

Only what is kept is redacted (issue 13.7: redacting whole file bodies to keep 2 KB of them was a
third of the ingest), but never after a cut through a secret: a fragment no rule recognises any
more would survive, and everything downstream (excerpts, summaries, candidates) is cut again. So
a long string is redacted in a window: the kept part plus MARGIN characters of context, ending
(or starting) at whitespace, which no token rule matches across. When no such boundary is near,
or a tail window starts inside a span whose opener lies before it (`</private>`, a PEM key's
end), the whole string is redacted as before. A successful output the heuristics never read
(domain/extraction/rules.py `OUTPUT_READERS`) is not kept at all, nor is a tool-input key no
rule reads (`INPUT_KEYS_READ`: a Write's whole file, a subagent's prompt).
"""

import re
from collections.abc import Callable, Mapping
from functools import lru_cache

from abzu.adapters.jsonl.line_models import ContentBlock, TranscriptLine
from abzu.domain.extraction.rules import INPUT_KEYS_READ
from abzu.domain.extraction.transcript import ToolCall, ToolOutcome, TranscriptRecord
from abzu.domain.extraction.transcript_text import is_interruption, prose, strip_injected
from abzu.domain.redaction import redact

MAX_PROSE_CHARS = 8_000
MAX_INPUT_STRING = 2_000
OUTPUT_HEAD, OUTPUT_TAIL = 1_500, 2_500  # errors tend to be at the end of an output
# Context redacted beyond a cut: more than any contextual rule looks back or ahead ("password
# is …", a key name before its value) and than any single-token secret is long but a PEM body.
MARGIN = 2_048
SAFE_REACH = 16_384  # how far a window edge may move to find whitespace; beyond it, redact whole
_SPACE = re.compile(r"\s")
_OPENED_BEFORE = re.compile(r"</private|-----END|PRIVATE KEY", re.IGNORECASE)
# Paths, commands and short replies recur all through a transcript (the 100 MB bench redacts
# 63k strings, 23k of them seen before): a short string is redacted once. Bounded: ≤ 4 MB.
MEMO_CHARS, MEMO_SIZE = 512, 4096

OutputWanted = Callable[[str, bool], bool]  # (tool_use_id, is_error) -> keep the output's text?


def to_record(line: TranscriptLine, offset: int = -1, wanted: OutputWanted | None = None
              ) -> TranscriptRecord | None:
    """`wanted`: which tool outputs to keep (default all); a dropped one keeps its id, error
    flag and file path, with empty text, and is never redacted."""
    if line.isMeta or not line.uuid or line.type not in ("user", "assistant", "system"):
        return None
    blocks, texts = _content(line)
    return TranscriptRecord(
        uuid=line.uuid, kind=line.type, timestamp=line.timestamp, session_id=line.sessionId,
        is_sidechain=bool(line.isSidechain), is_compact_summary=bool(line.isCompactSummary),
        text=_text(line, texts),
        tool_calls=tuple(_call(b) for b in blocks if b.type == "tool_use"),
        tool_outcomes=_outcomes(line, blocks, wanted), subtype=line.subtype,
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
    return kept_head("\n".join(p for p in (prose(t) for t in texts) if p), MAX_PROSE_CHARS)


def _call(block: ContentBlock) -> ToolCall:
    read = {k: v for k, v in (block.input or {}).items() if k in INPUT_KEYS_READ}
    return ToolCall(block.id or "", block.name or "", _trimmed(read))


def _outcomes(line: TranscriptLine, blocks: list[ContentBlock], wanted: OutputWanted | None
              ) -> tuple[ToolOutcome, ...]:
    results = [b for b in blocks if b.type == "tool_result"]
    path = line.result_file_path if len(results) == 1 else None
    keep = wanted or (lambda _id, _error: True)
    return tuple(
        ToolOutcome(b.tool_use_id or "", bool(b.is_error),
                    _result_text(b.content) if keep(b.tool_use_id or "", bool(b.is_error)) else "", path)
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
    text = strip_injected(text)
    head_end = window_end(text, OUTPUT_HEAD + MARGIN)
    tail_start = window_start(text, len(text) - OUTPUT_TAIL - MARGIN)
    if head_end >= tail_start:  # short, or no safe boundary: whole, as before
        whole = _redacted(text)
        return whole if len(whole) <= OUTPUT_HEAD + OUTPUT_TAIL else _cut_middle(whole, whole)
    return _cut_middle(_redacted(text[:head_end]), _redacted(text[tail_start:]))


def _cut_middle(head: str, tail: str) -> str:
    return f"{head[:OUTPUT_HEAD]}\n…\n{tail[-OUTPUT_TAIL:]}"


def _trimmed(value: Mapping[str, object]) -> dict[str, object]:
    return {key: _trim(item, depth=0) for key, item in value.items()}


def _trim(value: object, *, depth: int) -> object:
    if isinstance(value, str):
        kept = kept_head(value, MAX_INPUT_STRING + 1)
        return kept if len(kept) <= MAX_INPUT_STRING else kept[:MAX_INPUT_STRING] + "…"
    if depth > 4:
        return None
    if isinstance(value, Mapping):
        return {str(k): _trim(v, depth=depth + 1) for k, v in value.items()}
    if isinstance(value, list):
        return [_trim(v, depth=depth + 1) for v in value[:200]]
    return value


def _redacted(text: str) -> str:
    if len(text) <= MEMO_CHARS:
        return _redacted_short(text) if text else text
    return redact(text).text


@lru_cache(maxsize=MEMO_SIZE)
def _redacted_short(text: str) -> str:
    return redact(text).text  # redaction is a pure function of the text: same text, same answer


def kept_head(text: str, keep: int) -> str:
    """The first `keep` characters of `text` as whole-string redaction would leave them."""
    return _redacted(text[:window_end(text, keep + MARGIN)])[:keep]


def window_end(text: str, at: int) -> int:
    """Where a head window may end: the first whitespace at or after `at`; the whole text when
    it is shorter or no whitespace is near (a long unbroken run may be one secret)."""
    if len(text) <= at:
        return len(text)
    space = _SPACE.search(text, at, at + SAFE_REACH)
    return space.start() if space else len(text)


def window_start(text: str, at: int) -> int:
    """Where a tail window may start: the last whitespace at or before `at`; 0 (the whole text)
    when none is near or the window would start inside a span opened before it."""
    if at <= 0:
        return 0
    low = max(0, at - SAFE_REACH)
    start = max(text.rfind(c, low, at + 1) for c in " \n\t\r")
    if start < 0 or _OPENED_BEFORE.search(text, start):
        return 0
    return start
