"""Decisions stated in assistant text ("I'll use…", "decided", "instead of", "switched to", …)."""

import re
from collections.abc import Iterator

_DECISION = re.compile(
    r"\b(?:I'll|I will|we'll|we will|let's) (?:use|go with|stick with|adopt|keep using)\b"
    r"|\bdecided\b|\binstead of\b|\bswitched to\b|\bswitching to\b"
    r"|\bgoing with\b|\bopted (?:for|to)\b|\brather than\b|\bchose\b",
    re.IGNORECASE,
)
# Observations and plans to look, not choices.
_NOT_A_DECISION = re.compile(
    r"^(?:I can see|I see|I notice|I noticed|It seems|It looks like|Looks like|Let me check"
    r"|Let me see|I need to check)\b",
    re.IGNORECASE,
)
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z`*\"'(\[])|\n+")
_MARKDOWN = re.compile(r"\*\*|__|^\s*(?:[-*+]|\d+[.)]|#+)\s+")
_CODE_FENCE = re.compile(r"```.*?(?:```|\Z)", re.DOTALL)
MIN_CHARS, MAX_CHARS = 20, 400


def decision_sentences(text: str) -> Iterator[str]:
    """Sentences of `text` that state a choice, cleaned of markdown; code blocks are ignored."""
    for raw in _SENTENCE_END.split(_CODE_FENCE.sub(" ", text)):
        sentence = " ".join(_MARKDOWN.sub("", raw.strip()).split())
        if not MIN_CHARS <= len(sentence) <= MAX_CHARS or sentence.endswith("?"):
            continue
        if _DECISION.search(sentence) and not _NOT_A_DECISION.match(sentence):
            yield sentence
