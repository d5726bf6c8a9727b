"""Validation and normalisation of memory text at the boundary (spec §10 hashing)."""

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from returns.result import Result

    from abzu.domain.errors import ContentTooLong, EmptyContent

MAX_CONTENT_CHARS = 8192

_TRAILING_SPACE = re.compile(r"[ \t]+\n")
_BLANK_RUNS = re.compile(r"\n{3,}")
_ANY_WHITESPACE = re.compile(r"\s+")
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def clean_content(
    raw: str, *, limit: int = MAX_CONTENT_CHARS
) -> "Result[str, EmptyContent | ContentTooLong]":
    """Strip NUL bytes and tidy whitespace; refuse empty or oversized text rather than truncate.

    Line breaks and indentation survive: memories often hold code or commands. Bytes that were
    not valid UTF-8 (lone surrogates after decoding) become U+FFFD: they cannot be stored as text.
    """
    from returns.result import Failure, Success  # here: the settings readers need only the limit

    from abzu.domain.errors import ContentTooLong, EmptyContent

    text = _LONE_SURROGATE.sub("\ufffd", raw.replace("\x00", ""))
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    text = _BLANK_RUNS.sub("\n\n", _TRAILING_SPACE.sub("\n", text)).strip()
    if not text:
        return Failure(EmptyContent())
    if len(text) > limit:
        return Failure(ContentTooLong(len(text), limit))
    return Success(text)


def clean_line(raw: str) -> str:
    """A one-line field (summary, tag): same character rules as content, all whitespace collapsed."""

    text = _LONE_SURROGATE.sub("\ufffd", raw.replace("\x00", ""))
    return _ANY_WHITESPACE.sub(" ", text).strip()


def content_hash(text: str) -> str:
    """Hash of the case-folded text with all whitespace collapsed: reformatting is not novelty."""
    canonical = _ANY_WHITESPACE.sub(" ", text).strip().casefold()
    import hashlib  # here: OpenSSL's load (~3-6 ms) is the largest import of session start's persona

    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()
