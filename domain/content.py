"""Validation and normalisation of memory text at the boundary (spec §10 hashing)."""

import hashlib
import re

from returns.result import Failure, Result, Success

from abzu.domain.errors import ContentTooLong, EmptyContent

MAX_CONTENT_CHARS = 8192

_TRAILING_SPACE = re.compile(r"[ \t]+\n")
_BLANK_RUNS = re.compile(r"\n{3,}")
_ANY_WHITESPACE = re.compile(r"\s+")


def clean_content(
    raw: str, *, limit: int = MAX_CONTENT_CHARS
) -> Result[str, EmptyContent | ContentTooLong]:
    """Strip NUL bytes and tidy whitespace; refuse empty or oversized text rather than truncate.

    Line breaks and indentation survive: memories often hold code or commands.
    """
    text = raw.replace("\x00", "").replace("\r\n", "\n").replace("\r", "\n")
    text = _BLANK_RUNS.sub("\n\n", _TRAILING_SPACE.sub("\n", text)).strip()
    if not text:
        return Failure(EmptyContent())
    if len(text) > limit:
        return Failure(ContentTooLong(len(text), limit))
    return Success(text)


def content_hash(text: str) -> str:
    """Hash of the case-folded text with all whitespace collapsed: reformatting is not novelty."""
    canonical = _ANY_WHITESPACE.sub(" ", text).strip().casefold()
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()
