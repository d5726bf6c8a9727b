"""Prose secrets: "the password for the staging db is hunter2!" and the like."""

from __future__ import annotations

import bisect
from collections.abc import Iterator

from abzu.domain.redaction.base import Hit
from abzu.domain.redaction.checks import is_password_like, is_placeholder, looks_random
from abzu.domain.redaction.haystack import Haystack
from abzu.domain.redaction.links import NEEDED, Links
from abzu.domain.redaction.passwords import spaced_passphrase, words_password
from abzu.domain.redaction.patterns import lazy

_PROSE_KEYWORD_RE = lazy(
    r"(?i:\b(?P<kw>password|passwd|passphrase|pass phrase|passcode|pw|token|secret|api[ _-]?key))(?=[ \t:])"
)
_WORD_RE = lazy(r"\S{1,200}+")
_PROSE_VALUE_RE = lazy(
    r"[ \t]{0,4}+(?:\\?\"(?P<dq>[^\"\n\\]{1,200}+)\\?\"|'(?P<sq>[^'\n\\]{1,200}+)'"
    r"|`(?P<bq>[^`\n\\]{1,200}+)`|(?P<bare>[^\s\\]{1,200}+))"
)
_PROSE_LINKS = frozenset({"is", "was", ":", "are"})
_PROSE_WINDOW = 200
_PROSE_MAX_WORDS = 8


PROSE_WORDS = ("pass", "token", "secret", "pw", "key")


def scan_prose(hay: Haystack) -> Iterator[Hit]:
    text, folded, links = hay.text, hay.folded, Links(hay.folded)
    starts, index = _keyword_starts(hay), 0
    while index < len(starts):
        start = starts[index]
        link = links.first_from(start)
        if link is None:  # no link up to `clear_to`: skip the keywords whose reach ends before
            index = bisect.bisect_right(starts, links.clear_to - NEEDED, index + 1)
            continue
        if link > start + NEEDED:  # skip every keyword out of the link's reach
            index = bisect.bisect_left(starts, link - NEEDED, index + 1)
            continue
        index += 1
        hit = _prose_hit(text, folded, links, start)
        if hit is not None:
            yield hit


def _prose_hit(text: str, folded: bytes, links: Links, start: int) -> Hit | None:
    match = _PROSE_KEYWORD_RE().match(text, start)
    # The old pattern's look-ahead for a link, answered from what `links` found.
    if match is None or not links.follow(match.end()):
        return None
    keyword = match.group("kw").lower()
    is_password = keyword.startswith("pass") or keyword == "pw"
    if not is_password and not _digit_within(folded, match.end()):
        return None  # a random value needs a digit, and it lies within the window
    span = _prose_value_span(text, match.end())
    if span is None:
        return None
    if keyword.startswith("pass") and "phrase" in keyword:
        spaced = spaced_passphrase(text, span)
        if spaced is not None:
            return ("password-prose", *spaced)
    value = text[span[0] : span[1]]
    if any(ch in "()[]{}<>" for ch in value):
        return None
    if is_password:
        ok = _is_prose_password(value) or words_password(text, span)
        return ("password-prose", span[0], span[1]) if ok else None
    return ("secret-prose", span[0], span[1]) if looks_random(value, 12) else None


_DIGITS_OR_UNKNOWN = b"0123456789?"  # "?" stands for any non-ASCII character (other digits)


def _digit_within(folded: bytes, position: int) -> bool:
    window = folded[position : position + _PROSE_WINDOW]
    return len(window.translate(None, _DIGITS_OR_UNKNOWN)) < len(window)


def _keyword_starts(hay: Haystack) -> list[int]:
    # Matches are single keywords and never overlap, so matching at every place a keyword can
    # start finds what `finditer` over the whole text finds, without trying every position.
    starts = {start for word in PROSE_WORDS[:4] for start in hay.word_starts(word)}
    if hay.positions("key"):  # "api key", "api_key", "API-Key", "apikey"
        folded = hay.folded
        for api in hay.word_starts("api"):
            if folded.startswith(b"key", api + 3) or (
                folded.startswith(b"key", api + 4) and folded[api + 3 : api + 4] in (b" ", b"_", b"-")
            ):
                starts.add(api)
    return sorted(starts)


def _prose_value_span(text: str, position: int) -> tuple[int, int] | None:
    newline = text.find("\n", position, position + _PROSE_WINDOW)
    limit = newline if newline != -1 else min(len(text), position + _PROSE_WINDOW)
    # The words of the window are those `_WORD_RE` finds in it (it is at most 200 long);
    # `split` gets them without a Python step per word when there is no link among them.
    words = text[position:limit].split(None, _PROSE_MAX_WORDS)[:_PROSE_MAX_WORDS]
    if not any(word.endswith(":") or word.lower() in _PROSE_LINKS for word in words):
        return None
    for index, word in enumerate(_WORD_RE().finditer(text, position, limit)):
        if index >= _PROSE_MAX_WORDS:
            return None
        token = word.group().lower()
        if token in _PROSE_LINKS or (token.endswith(":") and len(token) > 1):
            return _prose_value_at(text, word.end(), limit)
    return None


def _prose_value_at(text: str, position: int, limit: int) -> tuple[int, int] | None:
    value = _PROSE_VALUE_RE().match(text, position, limit)
    if value is None:
        return None
    group = next(g for g in ("dq", "sq", "bq", "bare") if value.group(g) is not None)
    start, end = value.span(group)
    if group == "bare":  # sentence punctuation is not part of the password
        end = start + len(text[start:end].rstrip(".,;:)]}'\"`"))
    return start, end


_HTML_ENTITY_RE = lazy(r"&[A-Za-z]{2,8}+;?")


def _is_prose_password(value: str) -> bool:
    value = _HTML_ENTITY_RE().sub("", value)  # `Password is correct.&quot;` in rendered HTML
    if len(value) < 6 or "://" in value or value.startswith(":") or is_placeholder(value):
        return False  # a URL, or a Sphinx role (`:type password: :class:…`)
    return is_password_like(value)
