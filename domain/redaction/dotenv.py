""".env lines: SOME_SIGNING_KEY=9f8a…"""

from __future__ import annotations

from collections.abc import Iterator

from abzu.domain.redaction.base import Hit, shannon_entropy
from abzu.domain.redaction.checks import is_path, is_placeholder, is_wordy
from abzu.domain.redaction.haystack import Haystack, run_before
from abzu.domain.redaction.patterns import lazy
from abzu.domain.redaction.tails import value_end

_ENV_KEY_RE = lazy(r"(?:(?<![\w$.\-])|(?<=\\n))(?P<key>[A-Z_][A-Z0-9_]{0,80}+)=")
_ENV_VALUE_RE = lazy(
    r"(?P<q>[\"'])(?P<qv>[^\"'\\\r\n]{1,512}+)(?P=q)|(?P<bv>[^\s\"'`#;&,\\=]{1,512}+={0,2}+)"
)
_ENV_KEY_WORDS = ("KEY", "SECRET", "TOKEN", "PASS")
ENV_WORDS = tuple(word.lower() for word in _ENV_KEY_WORDS)
# Walking left from a capital key word to where the key can start: the key is at most 81 long.
_KEY_CHARACTERS = lazy(r"[A-Z0-9_]*+")


def scan_env(hay: Haystack) -> Iterator[Hit]:
    text = hay.text
    for start in _key_starts(hay):
        match = _ENV_KEY_RE().match(text, start)
        if match is None or not any(word in match.group("key") for word in _ENV_KEY_WORDS):
            continue
        value = _ENV_VALUE_RE().match(text, match.end())
        if value is None:
            continue
        if value.group("qv") is not None:
            if _is_env_secret(value.group("qv")):
                yield "env-secret", value.start("qv"), value.end("qv")
            continue
        start, end = value.span("bv")
        whole = value_end(text, start, end)  # KEY=Zq8…;Vb0…: the value runs on to whitespace
        if _is_env_secret(text[start:end]) or (whole > end and _is_whole_secret(text[start:whole])):
            yield "env-secret", start, whole


def _key_starts(hay: Haystack) -> list[int]:
    # A key is a whole run of capitals, digits and underscores: it can only start where the run
    # holding a capital key word starts. Env matches never overlap, so matching at those
    # starts, in order, finds what `finditer` over the whole text finds.
    text = hay.text
    starts: set[int] = set()
    for word, capitals in zip(ENV_WORDS, _ENV_KEY_WORDS, strict=True):
        for position in hay.positions(word):
            if text.startswith(capitals, position):
                starts.add(position - run_before(text, position, _KEY_CHARACTERS(), 80))
    return sorted(starts)


def _is_whole_secret(value: str) -> bool:
    return _is_env_secret(value) and not is_wordy(value)


def _is_env_secret(value: str) -> bool:
    if len(value) < 12 or shannon_entropy(value) < 3.5 or is_placeholder(value):
        return False
    return "://" not in value and not is_path(value) and value[0] not in "/~."
