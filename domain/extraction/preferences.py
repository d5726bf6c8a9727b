"""Preferences in the user's own words: a standing rule the user typed ("always…", "never…",
"I prefer…", "don't ever…").

Learnings stated in Claude's prose ("turns out", "the issue was", …) were a wording rule and
are no longer staged (tenth stop, docs/capture.md): on others' sessions half of them were noise.
"""

import re
from collections.abc import Iterator

from abzu.domain.extraction.sentences import sentences

_OPENER = r"^(?:(?:and|also|but),? )?"  # "And please keep…": a request's second sentence
_PREFERENCE = re.compile(
    _OPENER + r"(?:please,? )?(?:always|never|from now on|in future|going forward)\b"
    r"|" + _OPENER + r"(?:please,? )?(?:don't|do not) (?:ever|use|add|commit|push|run|write|put|touch)\b"
    r"|" + _OPENER + r"please,? (?:keep|avoid|make sure)\b"
    r"|\b(?:I|we) (?:prefer|always|never|like to|want you to always)\b",
    re.IGNORECASE,
)
MAX_USER_CHARS = 2_000  # a long paste (a slash command's prompt, a log) holds no stated preference


def preference_sentences(text: str) -> Iterator[str]:
    if len(text) > MAX_USER_CHARS:
        return
    for sentence in sentences(text):
        if _PREFERENCE.search(sentence):
            yield sentence
