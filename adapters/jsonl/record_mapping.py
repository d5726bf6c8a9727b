"""A transcript line (a plain dict, line_parse.py) → TranscriptRecord (domain): what is kept and what is not.

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

Mapping is in two steps so that the windows of many lines are redacted together
(redaction_batch.py): `plan_record` cuts the windows and registers them with a batch, and the
plan's `build`, called once the batch has run, makes the record from their redacted forms.
"""

import re
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, NamedTuple, cast

from abzu.adapters.jsonl.line_parse import Line, as_plain
from abzu.adapters.jsonl.redaction_batch import RedactionBatch
from abzu.domain.extraction.rules import INPUT_KEYS_READ, is_memory_file
from abzu.domain.extraction.transcript import ToolCall, ToolOutcome, TranscriptRecord
from abzu.domain.extraction.transcript_text import is_interruption, prose, strip_injected

if TYPE_CHECKING:
    from abzu.adapters.jsonl.line_models import TranscriptLine

MAX_PROSE_CHARS = 8_000
MAX_INPUT_STRING = 2_000
OUTPUT_HEAD, OUTPUT_TAIL = 1_500, 2_500  # errors tend to be at the end of an output
# Context redacted beyond a cut: more than any contextual rule looks back or ahead ("password
# is …", a key name before its value) and than any single-token secret is long but a PEM body.
MARGIN = 2_048
SAFE_REACH = 16_384  # how far a window edge may move to find whitespace; beyond it, redact whole
_SPACE = re.compile(r"\s")
_OPENED_BEFORE = re.compile(r"</private|-----END|PRIVATE KEY", re.IGNORECASE)

OutputWanted = Callable[[str, bool], bool]  # (tool_use_id, is_error) -> keep the output's text?
# A text waiting for its batch: ("", ) nothing, (HEAD, window, keep), (CUT, head, tail) or
# (OUTPUT, window). Plain tuples of strings on purpose: the garbage collector stops tracking
# them, where closures or objects held across a batch of lines were promoted to the oldest
# generation and made it run a full collection every few thousand lines (+1.4 s per 100 MB).
Later = tuple[str, ...] | tuple[str, str, int]
HEAD, CUT, OUTPUT = "head", "cut", "output"
_NOTHING: Later = ("",)


class PlannedRecord(NamedTuple):
    """A record whose texts wait for their batch's redaction (`build` makes it)."""

    uuid: str
    kind: str
    timestamp: str | None
    session_id: str | None
    flags: tuple[bool, bool, bool, bool]  # sidechain, compact summary, API error, interrupted
    subtype: str | None
    offset: int
    text: Later
    calls: tuple[tuple[str, str, tuple[tuple[str, object], ...]], ...]  # id, name, input
    outcomes: tuple[tuple[str, bool, Later, str | None], ...]

    def build(self, batch: RedactionBatch) -> TranscriptRecord:
        sidechain, compact, api_error, interrupted = self.flags
        return TranscriptRecord(
            uuid=self.uuid, kind=self.kind, timestamp=self.timestamp, session_id=self.session_id,
            is_sidechain=sidechain, is_compact_summary=compact, text=_resolved_text(self.text, batch),
            tool_calls=tuple(ToolCall(i, n, {k: _resolved(v, batch) for k, v in read})
                             for i, n, read in self.calls),
            tool_outcomes=tuple(ToolOutcome(i, e, _resolved_text(t, batch), p)
                                for i, e, t, p in self.outcomes),
            subtype=self.subtype, is_api_error=api_error, interrupted=interrupted, offset=self.offset,
        )


def plan_record(line: "TranscriptLine | Line", batch: RedactionBatch, offset: int = -1,
                wanted: OutputWanted | None = None) -> PlannedRecord | None:
    """`line`: a plain line (line_parse.py), or a model, read as its plain form."""
    if not isinstance(line, dict):  # a model (a line the plain parser left to it)
        line = as_plain(line)
    get = line.get
    kind, uuid = get("type"), get("uuid")
    if get("isMeta") or not uuid or kind not in ("user", "assistant", "system"):
        return None
    blocks, texts = _content(get("message"))
    interrupted = kind == "user" and bool(texts) and is_interruption(texts[0])
    flags = (bool(get("isSidechain")), bool(get("isCompactSummary")), bool(get("isApiErrorMessage")),
             interrupted)
    calls = tuple((b.get("id") or "", b.get("name") or "", _trimmed(_read(b), batch))
                  for b in blocks if b["type"] == "tool_use")
    return PlannedRecord(
        uuid, kind, get("timestamp"), get("sessionId"), flags, get("subtype"), offset,
        _text(line, texts, batch), calls, _outcomes(line, blocks, wanted, batch),
    )


_TYPED = ("queued_command", "prompt")


def queued_prompt(line: Line) -> Line | None:
    """What the person typed while Claude worked, when Claude Code hands it to the model mid-turn
    (an `attachment` of type `queued_command`, Claude Code 2.1.2xx), as the user line it is: the
    person's own words, as much a correction as one typed between turns. Every other attachment
    stays skipped: `hook_additional_context` is our own injected memory, a background task's
    notice (commandMode `task-notification`) is not the person's."""
    queued = line.get("attachment")
    if type(queued) is not dict or (queued.get("type"), queued.get("commandMode")) != _TYPED:
        return None
    prompt = queued.get("prompt")
    if type(prompt) is list:  # content blocks: their texts
        prompt = "\n".join(b["text"] for b in prompt if type(b) is dict and b.get("type") == "text"
                           and type(b.get("text")) is str)
    if type(prompt) is not str or not prompt.strip():
        return None
    return {**{k: line.get(k) for k in ("uuid", "timestamp", "sessionId", "isSidechain")},
            "type": "user", "message": {"role": "user", "content": prompt}}


def _content(message: Line | None) -> tuple[list[Line], list[str]]:
    """The blocks of the message, and its text blocks' texts (a string content is one text)."""
    if message is None:
        return [], []
    content = message["content"]
    if isinstance(content, str):
        return [], [content] if content else []
    return content, [b["text"] for b in content if b["type"] == "text" and b.get("text")]


def _text(line: Line, texts: list[str], batch: RedactionBatch) -> Later:
    if line["type"] == "system":
        return _NOTHING
    if line.get("isCompactSummary"):
        whole = "\n".join(strip_injected(t) for t in texts)
        batch.add(whole)
        return (HEAD, whole, len(whole))
    if not texts:  # a tool call or result alone: no prose to keep
        return _NOTHING
    return kept_head("\n".join(p for p in (prose(t) for t in texts) if p), MAX_PROSE_CHARS, batch)


def _read(block: Line) -> dict[str, object]:
    given = block.get("input") or {}
    memory = is_memory_file(given.get("file_path"))  # a note Claude saved: its text is read
    return {k: v for k, v in given.items() if k in INPUT_KEYS_READ or (memory and k == "content")}


def _outcomes(line: Line, blocks: list[Line], wanted: OutputWanted | None,
              batch: RedactionBatch) -> tuple[tuple[str, bool, Later, str | None], ...]:
    results = [b for b in blocks if b["type"] == "tool_result"]
    if not results:
        return ()
    path = _result_file_path(line.get("toolUseResult")) if len(results) == 1 else None
    keep = wanted or (lambda _id, _error: True)
    return tuple(_outcome(b, keep, batch, path) for b in results)


def _outcome(block: Line, keep: OutputWanted, batch: RedactionBatch, path: str | None
             ) -> tuple[str, bool, Later, str | None]:
    tool_use_id, is_error = block.get("tool_use_id") or "", bool(block.get("is_error"))
    kept = _result_text(block.get("content"), batch) if keep(tool_use_id, is_error) else _NOTHING
    return tool_use_id, is_error, kept, path


def _result_file_path(result: object) -> str | None:
    """The `filePath` of a Write/Edit `toolUseResult` (an object: `FileResult` in line_models)."""
    path = result.get("filePath") if isinstance(result, dict) else None
    return path if isinstance(path, str) else None


def _result_text(content: object, batch: RedactionBatch) -> Later:
    if isinstance(content, str):
        text = content
    elif isinstance(content, list):
        text = "\n".join(
            str(part["text"]) for part in content
            if isinstance(part, Mapping) and part.get("type") == "text" and "text" in part
        )
    else:
        return _NOTHING
    text = strip_injected(text)
    head_end = window_end(text, OUTPUT_HEAD + MARGIN)
    tail_start = window_start(text, len(text) - OUTPUT_TAIL - MARGIN)
    if head_end >= tail_start:  # short, or no safe boundary: whole, as before
        batch.add(text)
        return (OUTPUT, text)
    head, tail = text[:head_end], text[tail_start:]
    batch.add(head)
    batch.add(tail)
    return (CUT, head, tail)


def _resolved_text(later: Later, batch: RedactionBatch) -> str:
    # Indexing, not `match`: class patterns per field cost a tenth of the mapping (issue 13).
    kind = later[0]
    if kind == HEAD:
        return batch.get(later[1])[:cast(int, later[2])]
    if kind == CUT:
        return _cut_middle(batch.get(later[1]), batch.get(cast(str, later[2])))
    if kind == OUTPUT:
        whole = batch.get(later[1])
        return whole if len(whole) <= OUTPUT_HEAD + OUTPUT_TAIL else _cut_middle(whole, whole)
    return ""


def _cut_middle(head: str, tail: str) -> str:
    return f"{head[:OUTPUT_HEAD]}\n…\n{tail[-OUTPUT_TAIL:]}"


def _trimmed(value: Mapping[str, object], batch: RedactionBatch) -> tuple[tuple[str, object], ...]:
    return tuple((key, _trim(item, batch, depth=0)) for key, item in value.items())


def _trim(value: object, batch: RedactionBatch, *, depth: int) -> object:
    """The value with each string replaced by a `_Kept` tuple (resolved by `_resolved`)."""
    if isinstance(value, str):
        return _Kept(kept_head(value, MAX_INPUT_STRING + 1, batch))
    if depth > 4:
        return None
    if isinstance(value, Mapping):
        return _Map(tuple((str(k), _trim(v, batch, depth=depth + 1)) for k, v in value.items()))
    if isinstance(value, list):
        return tuple(_trim(v, batch, depth=depth + 1) for v in value[:200])  # a JSON list
    return value


class _Kept(NamedTuple):
    """A tool-input string waiting for its redaction (JSON never holds a tuple: no confusion)."""

    later: Later


class _Map(NamedTuple):
    """A JSON object inside a tool input, its strings waiting for their redaction."""

    items: tuple[tuple[str, object], ...]


def _resolved(value: object, batch: RedactionBatch) -> object:
    if isinstance(value, _Kept):
        kept = _resolved_text(value.later, batch)
        return kept if len(kept) <= MAX_INPUT_STRING else kept[:MAX_INPUT_STRING] + "…"
    if isinstance(value, _Map):
        return {k: _resolved(v, batch) for k, v in value.items}
    if isinstance(value, tuple):
        return [_resolved(v, batch) for v in value]
    return value


def kept_head(text: str, keep: int, batch: RedactionBatch) -> Later:
    """The first `keep` characters of `text` as whole-string redaction would leave them, once
    the batch has run."""
    window = text[:window_end(text, keep + MARGIN)]
    batch.add(window)
    return (HEAD, window, keep)


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
