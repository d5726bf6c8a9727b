"""Sentences of prose, cleaned of markdown, with code blocks left out: what the regex rules of
decisions, learnings and preferences read."""

import re
from collections.abc import Iterator
from functools import lru_cache

_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z`*\"'(\[])|\n+")
_MARKDOWN = re.compile(r"\*\*|__|^\s*(?:[-*+]|\d+[.)]|#+)\s+")
_CODE_FENCE = re.compile(r"```.*?(?:```|\Z)", re.DOTALL)
_TABLE_ROW = re.compile(r"^[ \t]*\|.*$", re.MULTILINE)
MIN_CHARS, MAX_CHARS = 20, 400
NARRATION = re.compile(r"^(?:Let me|Now let me|Now I'll|I'll|Let's|Next,?)\b", re.IGNORECASE)  # not a finding


def may_hold(sentence: str, words: tuple[str, ...]) -> bool:
    """False only when `sentence` holds none of `words` (lower case): a regex every alternative of
    which holds one of them cannot match it. Exact for ASCII only (IGNORECASE also folds 'ſ', 'ı',
    'K' into s, i, k): any other sentence may match."""
    if not sentence.isascii():
        return True
    lowered = sentence.lower()
    return any(word in lowered for word in words)


def sentences(text: str) -> Iterator[str]:
    """Statements of `text` between MIN_CHARS and MAX_CHARS long; questions and the rows of a
    markdown table (a summary laid out, not a statement) are left out."""
    return iter(_statements(text))


# Decisions and learnings both read every assistant message: split it once (ingest, issue 13).
@lru_cache(maxsize=8)
def _statements(text: str) -> tuple[str, ...]:
    prose = _TABLE_ROW.sub("", _CODE_FENCE.sub(" ", text))
    return tuple(
        sentence for sentence in (" ".join(_MARKDOWN.sub("", raw.strip()).split())
                                  for raw in _SENTENCE_END.split(prose))
        if MIN_CHARS <= len(sentence) <= MAX_CHARS and not sentence.endswith("?")
    )
