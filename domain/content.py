"""Validation and normalisation of memory text at the boundary (spec §10 hashing)."""

import functools
import re
from typing import TYPE_CHECKING, Any

from abzu.domain.content_limits import MAX_CONTENT_CHARS as MAX_CONTENT_CHARS  # re-exported

if TYPE_CHECKING:
    from returns.result import Result

    from abzu.domain.errors import ContentTooLong, EmptyContent


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

    text = cleaned_content(raw, limit=limit)
    return Success(text) if isinstance(text, str) else Failure(text)


def cleaned_content(raw: str, *, limit: int = MAX_CONTENT_CHARS) -> "str | EmptyContent | ContentTooLong":
    """`clean_content`'s answer as a plain value (the CLI's fast front loads no `returns`)."""
    from abzu.domain.errors import ContentTooLong, EmptyContent

    text = _LONE_SURROGATE.sub("\ufffd", raw.replace("\x00", ""))
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    text = _BLANK_RUNS.sub("\n\n", _TRAILING_SPACE.sub("\n", text)).strip()
    if not text:
        return EmptyContent()
    if len(text) > limit:
        return ContentTooLong(len(text), limit)
    return text


def clean_line(raw: str) -> str:
    """A one-line field (summary, tag): same character rules as content, all whitespace collapsed."""

    text = _LONE_SURROGATE.sub("\ufffd", raw.replace("\x00", ""))
    return _ANY_WHITESPACE.sub(" ", text).strip()


def content_hash(text: str) -> str:
    """Hash of the case-folded text with all whitespace collapsed: reformatting is not novelty."""
    canonical = _ANY_WHITESPACE.sub(" ", text).strip().casefold()
    return sha256_hex(canonical.encode("utf-8"))


def sha256_hex(data: bytes) -> str:
    """`hashlib.sha256(data).hexdigest()`, by CPython's built-in SHA-256 where it has one."""
    return str(_sha256()(data).hexdigest())


@functools.cache
def _sha256() -> Any:
    """`hashlib` loads OpenSSL (~5 ms a process) and `abzu remember` hashes one short text; the
    built-in module (`_sha256`, `_sha2` from 3.12) gives the same digest. Looked up on first use,
    not at import: a recall hashes nothing."""
    from importlib import import_module

    for name in ("_sha256", "_sha2"):
        try:
            return import_module(name).sha256
        except (ImportError, AttributeError):
            continue
    from hashlib import sha256

    return sha256
