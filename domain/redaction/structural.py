"""Secrets found by their structure: PEM private keys, credentials in URLs and on command lines,
Authorization headers.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator

from abzu.domain.redaction.base import Hit
from abzu.domain.redaction.checks import is_password_like, is_placeholder, is_wordy, looks_random
from abzu.domain.redaction.haystack import Haystack, matches_from
from abzu.domain.redaction.patterns import lazy

# --------------------------------------------------------------------------------------------
# PEM private keys (multi-line, possibly JSON-escaped or truncated)

_PEM_BEGIN_RE = lazy(r"-----BEGIN[ A-Z0-9]{0,40}PRIVATE KEY(?: BLOCK)?-----")
_PEM_END_RE = lazy(r"-----END[ A-Z0-9]{0,40}PRIVATE KEY(?: BLOCK)?-----")
_PEM_BODY_RE = lazy(r"[A-Za-z0-9+/=\s\\]{0,20000}+")
_PEM_KEY_MATERIAL_RE = lazy(r"[A-Za-z0-9+/]{32}")
_PEM_MAX_BLOCK = 65536


def scan_pem(hay: Haystack) -> Iterator[Hit]:
    text = hay.text
    # END positions are collected once and looked up by bisection: scanning forward from
    # every BEGIN would be quadratic on a text made of BEGIN lines.
    ends = [m.end() for m in _PEM_END_RE().finditer(text)]
    cursor = 0
    for begin in _PEM_BEGIN_RE().finditer(text):
        if begin.start() < cursor:
            continue
        end = _pem_block_end(text, begin, ends)
        # Code that merely names the markers ("-----BEGIN PRIVATE KEY-----", "…") has no body.
        if _PEM_KEY_MATERIAL_RE().search(text, begin.end(), end):
            cursor = end
            yield "private-key", begin.start(), end


def _pem_block_end(text: str, begin: re.Match[str], ends: list[int]) -> int:
    index = bisect.bisect_left(ends, begin.end())
    if index < len(ends) and ends[index] - begin.start() <= _PEM_MAX_BLOCK:
        return ends[index]
    # A truncated key: the header and whatever base64 body follows it.
    body = _PEM_BODY_RE().match(text, begin.end())
    return begin.end() + len(body.group().rstrip()) if body else begin.end()


# --------------------------------------------------------------------------------------------
# Credentials inside URLs and Authorization headers

_URL_CREDENTIALS_RE = lazy(
    r"://[^\s:/?#@\[\]\"'<>]{0,256}+:(?P<s>[^\s/?#@\"'<>]{1,256}+)@(?=[A-Za-z0-9\[])"
)


def scan_url_credentials(hay: Haystack) -> Iterator[Hit]:
    for match in _URL_CREDENTIALS_RE().finditer(hay.text):
        password = match.group("s")
        if _is_url_password(password):
            yield "url-credentials", match.start("s"), match.end("s")


def _is_url_password(value: str) -> bool:
    if len(value) < 6 or is_placeholder(value):
        return False
    return is_password_like(value) or len(value) >= 16  # not scott:tiger, postgres:postgres


_CLI_USER_RE = lazy(r"(?<!\S)(?:-u|--user)[ \t=]{1,3}+[\"']?[^\s:\"'$]{1,64}+:(?P<s>[^\s\"']{1,256}+)")


def scan_cli_user(hay: Haystack) -> Iterator[Hit]:
    # curl -u user:password, wget --user=… : basic-auth credentials on a command line.
    for match in _cli_user_matches(hay):
        password = match.group("s")
        if not password.isdigit() and _is_url_password(password):  # not docker -u 1000:1000
            yield "basic-auth", match.start("s"), match.end("s")


def _cli_user_matches(hay: Haystack) -> Iterator[re.Match[str]]:
    # Matches start at "-u" or at the "-" before it ("--user").
    starts = [start for dash in hay.positions("-u") for start in (dash, dash - 1) if start >= 0]
    return matches_from(_CLI_USER_RE(), hay.text, starts)


_AUTH_SCHEME_RE = lazy(
    r"(?i:\b(?P<scheme>bearer|basic|token))[ \t]{1,5}+(?P<s>[A-Za-z0-9._~+/-]{8,4096}+={0,2})"
)


AUTH_SCHEMES = ("bearer", "basic", "token")


def scan_authorization(hay: Haystack) -> Iterator[Hit]:
    for match in _auth_matches(hay):
        hit = _auth_hit(hay, match)
        if hit is not None:
            yield hit


def _auth_matches(hay: Haystack) -> Iterator[re.Match[str]]:
    # Every match starts at a scheme word.
    starts = [start for scheme in AUTH_SCHEMES for start in hay.word_starts(scheme)]
    return matches_from(_AUTH_SCHEME_RE(), hay.text, starts)


def _auth_hit(hay: Haystack, match: re.Match[str]) -> Hit | None:
    scheme, value = match.group("scheme").lower(), match.group("s")
    window = max(0, match.start() - 40), match.start()
    # The folded bytes hold "authoriz" wherever the lower-cased text does (and in a few more
    # places, as with "ı"): the cheap search first, the exact one to confirm.
    in_header = b"authoriz" in hay.folded[window[0] : window[1]] and (
        "authoriz" in hay.text[window[0] : window[1]].lower()
    )
    if scheme == "basic":
        accepted, rule = _is_basic_credential(value), "basic-auth"
    elif in_header:
        accepted = not (is_placeholder(value) or is_wordy(value))
        rule = "bearer-token"
    else:  # a bare "Bearer xyz" in prose must look like a real token
        accepted, rule = scheme == "bearer" and looks_random(value, 16), "bearer-token"
    return (rule, match.start("s"), match.end("s")) if accepted else None


def _is_basic_credential(value: str) -> bool:
    import base64  # here: only an Authorization header's value needs it (~1 ms at import)

    try:
        decoded = base64.b64decode(value, validate=True).decode("utf-8")
    except ValueError:
        return False
    _user, colon, password = decoded.partition(":")
    return bool(colon) and bool(password) and decoded.isprintable()
