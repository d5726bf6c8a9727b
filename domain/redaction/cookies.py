"""Session cookies in `Cookie:` / `Set-Cookie:` headers, curl's `--cookie`/`-b` and JSON headers.

A cookie's value is a bearer credential (whoever holds `sessionid=…` is logged in), but it has no
prefix or shape a token rule could know, so the header is the context: every `name=value` pair
after the header name is looked at, attributes (`Path=/`, `Expires=…`) excepted.
"""

from __future__ import annotations

from collections.abc import Iterator

from abzu.domain.redaction.base import Hit
from abzu.domain.redaction.checks import is_placeholder, is_wordy
from abzu.domain.redaction.haystack import Haystack, matches_from
from abzu.domain.redaction.patterns import lazy

COOKIE_WORDS = ("cookie",)
# `Cookie: a=b`, `"Set-Cookie": "a=b"`, `curl --cookie "a=b"`; every match starts at "cookie".
_HEADER_RE = lazy(
    r"(?i:cookies?+)(?:[\"']?[ \t]{0,5}+:[ \t]{0,5}+[\"'\[]?[ \t]{0,5}+|[ \t=]{1,3}+[\"']?)"
    r"(?P<v>[^\r\n\"'\]]{1,4096}+)"
)
_PAIR_RE = lazy(r"(?P<name>[!#$%&*+.^_`|~0-9A-Za-z-]{1,256}+)=(?P<value>[^;,\s]{1,4096}+)")
_ATTRIBUTES = frozenset(
    {"path", "domain", "expires", "max-age", "samesite", "secure", "httponly", "partitioned", "priority"}
)


def scan_cookies(hay: Haystack) -> Iterator[Hit]:
    for match in matches_from(_HEADER_RE(), hay.text, hay.positions("cookie")):
        region_start, region = match.start("v"), match.group("v")
        for pair in _PAIR_RE().finditer(region):
            value = pair.group("value")
            if pair.group("name").lower() not in _ATTRIBUTES and _is_cookie_secret(value):
                yield "cookie", region_start + pair.start("value"), region_start + pair.end("value")


def _is_cookie_secret(value: str) -> bool:
    # `lang=en-US`, `theme=dark`, `consent=true` are settings; a session id is long and not words.
    return len(value) >= 8 and not value.isdigit() and not is_placeholder(value) and not is_wordy(value)
