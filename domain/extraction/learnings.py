"""Learnings stated in assistant text, and preferences in the user's own words.

A learning is something the session found out about the project or its tools: "turns out",
"the issue was", "note that", a discrepancy, a version that differs from what was documented,
a script or module that does not exist. Narration of the next step ("Let me…") is not one.
A preference is a standing rule the user typed: "always…", "never…", "I prefer…", "don't ever…".
"""

import re
from collections.abc import Iterator

from abzu.domain.extraction.sentences import sentences

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
_NARRATION = re.compile(r"^(?:Let me|Now let me|Now I'll|I'll|Let's|Next,?)\b", re.IGNORECASE)
_OPENER = r"^(?:(?:and|also|but),? )?"  # "And please keep…": a request's second sentence
_PREFERENCE = re.compile(
    _OPENER + r"(?:please,? )?(?:always|never|from now on|in future|going forward)\b"
    r"|" + _OPENER + r"(?:please,? )?(?:don't|do not) (?:ever|use|add|commit|push|run|write|put|touch)\b"
    r"|" + _OPENER + r"please,? (?:keep|avoid|make sure)\b"
    r"|\b(?:I|we) (?:prefer|always|never|like to|want you to always)\b",
    re.IGNORECASE,
)
MAX_USER_CHARS = 2_000  # a long paste (a slash command's prompt, a log) holds no stated preference


def learning_sentences(text: str) -> Iterator[str]:
    for sentence in sentences(text):
        if _LEARNING.search(sentence) and not _NARRATION.match(sentence):
            yield sentence


def preference_sentences(text: str) -> Iterator[str]:
    if len(text) > MAX_USER_CHARS:
        return
    for sentence in sentences(text):
        if _PREFERENCE.search(sentence):
            yield sentence
