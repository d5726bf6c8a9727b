"""Passwords in prose that hold no digit or symbol (issue 20.2): "the password is sunflower",
"my passphrase is correct horse battery staple".

Letters alone read like ordinary words ("the password is required"), so such a value counts
only where it ends the clause, is not a word that commonly follows "password is", and does not
end like an adverb, participle or adjective. A spaced passphrase is a run of plain lower-case
words up to the end of the clause, none of them a function word.
"""

from __future__ import annotations

import re

from abzu.domain.redaction.patterns import lazy

_CLAUSE_END = lazy(r"[ \t]*+(?:$|[.,;!?)\n]|[ \t](?:and|but|or|so|then)\b)")
_COMMON_AFTER = frozenset(
    {
        "required", "incorrect", "correct", "wrong", "invalid", "valid", "empty", "missing",
        "optional", "mandatory", "secure", "insecure", "strong", "weak", "different", "same",
        "unknown", "unset", "blank", "null", "none", "hidden", "visible", "secret", "private",
        "public", "protected", "present", "absent", "expired", "locked", "unlocked", "stale",
        "there", "here", "below", "above", "ignored", "unchanged", "random", "unique",
        "changeme", "password", "passphrase", "default", "plaintext", "cleartext", "special",
        "long", "short", "simple", "complex", "fine", "good", "bad", "okay", "right", "true", "false",
    }
)  # fmt: skip
_WORDY_ENDINGS = ("ly", "ed", "ing", "able", "ible", "tion", "sion", "ment", "ness", "ive", "ous",
                  "ful", "less", "ent", "ant", "ic", "al", "ary")
_FUNCTION_WORDS = frozenset(
    {
        "the", "a", "an", "to", "of", "in", "on", "for", "is", "be", "it", "this", "that", "used",
        "with", "by", "from", "at", "as", "not", "no", "your", "my", "our", "their", "its", "we",
        "you", "they", "when", "if", "which", "what", "stored", "kept", "only", "also", "never",
        "always", "can", "will", "must", "should", "may", "are", "was", "were", "has", "have",
    }
)  # fmt: skip
_LOWER_WORD = lazy(r"[a-z]{2,20}")


def words_password(text: str, span: tuple[int, int]) -> bool:
    """A letters-only value after "password is" that ends its clause and reads as no common word."""
    value = text[span[0] : span[1]]
    if span[0] > 0 and text[span[0] - 1] in "\"'`" and " " in value.strip():
        return _quoted_phrase(value)
    if not value.isalpha() or len(value) < 6 or not _CLAUSE_END().match(text, span[1]):
        return False
    low = value.lower()
    if low in _COMMON_AFTER or (value.islower() and low.endswith(_WORDY_ENDINGS)):
        return False
    return not (value[0].isupper() and value[1:].islower() and len(value) < 8)  # a name: "Alice"


def spaced_passphrase(text: str, span: tuple[int, int]) -> tuple[int, int] | None:
    """The whole run of 3 to 8 plain words starting at `span`, when it ends the clause."""
    end, words = span[0], 0
    for match in re.finditer(r"\S+", text[span[0] : span[0] + 200]):
        word = match.group()
        core = word.rstrip(".,;!?)")
        if not _LOWER_WORD().fullmatch(core) or core in _FUNCTION_WORDS:
            return None
        words, end = words + 1, span[0] + match.start() + len(core)
        if core != word or words == 8:
            break
        if _CLAUSE_END().match(text, end) and not text.startswith(" ", end) and words >= 3:
            break
    return (span[0], end) if 3 <= words <= 8 and _CLAUSE_END().match(text, end) else None


def _quoted_phrase(value: str) -> bool:
    """A quoted value of several words: a passphrase unless it is all function words."""
    words = value.lower().split()
    return len(value) >= 8 and any(w not in _FUNCTION_WORDS and w not in _COMMON_AFTER for w in words)
