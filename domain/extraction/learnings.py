"""Learnings stated in assistant text, and preferences in the user's own words.

A learning is something the session found out about the project or its tools: "turns out",
"the issue was", "note that", a discrepancy, a version that differs from what was documented,
a script or module that does not exist. Narration of the next step ("Let me…") is not one.
A preference is a standing rule the user typed: "always…", "never…", "I prefer…", "don't ever…".
"""

import re
from collections.abc import Iterator

from abzu.domain.extraction.sentences import NARRATION, may_hold, sentences

_LEARNING = re.compile(
    r"\bturns out\b|\bthe (?:issue|problem|cause|culprit|root cause) (?:was|is)\b|\bnote that\b"
    r"|\b(?:was|is|were|are) caused by\b"
    r"|\bI (?:found|discovered|realized|realised) that\b|\bdiscrepanc(?:y|ies)\b|\bmismatch\b"
    r"|\bduplicated\b|\bdual structure\b|\binconsistent\b|\bout of date\b|\boutdated\b"
    r"|\bupgraded (?:from|to)\b|\bdiffers? from\b|\binteractive prompt"
    r"|\b(?:does not|doesn't|did not|didn't) (?:exist|support|work with)\b"
    r"|\b(?:is not|isn't|are not|aren't) (?:installed|available|supported)\b"
    r"|\bno `[^`]+` (?:script|command|module|package|file|directory|folder)\b",
    re.IGNORECASE,
)
_OFFER = re.compile(r"^If\b", re.IGNORECASE)  # "If you want, …": an offer or a condition, not a finding
_OPENER = r"^(?:(?:and|also|but),? )?"  # "And please keep…": a request's second sentence
_PREFERENCE = re.compile(
    _OPENER + r"(?:please,? )?(?:always|never|from now on|in future|going forward)\b"
    r"|" + _OPENER + r"(?:please,? )?(?:don't|do not) (?:ever|use|add|commit|push|run|write|put|touch)\b"
    r"|" + _OPENER + r"please,? (?:keep|avoid|make sure)\b"
    r"|\b(?:I|we) (?:prefer|always|never|like to|want you to always)\b",
    re.IGNORECASE,
)
MAX_USER_CHARS = 2_000  # a long paste (a slash command's prompt, a log) holds no stated preference


# Every alternative of _LEARNING holds one of these words: checked first, as in decisions.py
# (exact for ASCII only; other sentences always go to the regex).
LEARNING_WORDS = (
    "turns out", "issue", "problem", "cause", "culprit", "note that", "found that", "discovered that",
    "realized that", "realised that", "discrepanc", "mismatch", "duplicated", "dual structure",
    "inconsistent", "out of date", "outdated", "upgraded ", "differ", "interactive prompt", "exist",
    "support", "work with", "installed", "available", "no `",
)


def may_teach(sentence: str) -> bool:
    """False only for a sentence _LEARNING cannot match."""
    return may_hold(sentence, LEARNING_WORDS)


def learning_sentences(text: str) -> Iterator[str]:
    for sentence in sentences(text):
        if may_teach(sentence) and _LEARNING.search(sentence) and not NARRATION.match(sentence) \
                and not _OFFER.match(sentence):
            yield sentence


def preference_sentences(text: str) -> Iterator[str]:
    if len(text) > MAX_USER_CHARS:
        return
    for sentence in sentences(text):
        if _PREFERENCE.search(sentence):
            yield sentence


# Claude's explanation of a failure it just saw: why, not what it will do next.
_CAUSE = re.compile(
    r"\bbecause\b|\bdue to\b|\bcaused by\b|\bthe (?:issue|problem|error|cause|failure) (?:is|was)\b"
    r"|\bmissing\b|\bexpects?\b|\brequires?\b|\bn't\b|\bnot (?:installed|found|defined|exported|available)\b"
    r"|\b(?:issue|problem|limitation|conflict|permission)\b",
    re.IGNORECASE,
)


def cause_sentence(text: str) -> str | None:
    """The first sentence of `text` that explains rather than narrates."""
    return next((s for s in sentences(text) if not NARRATION.match(s) and _CAUSE.search(s)), None)
