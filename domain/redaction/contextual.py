"""Contextual assignments: password = "…", "api_key": "…", --token …"""

from __future__ import annotations

import re
from collections.abc import Iterator

from abzu.domain.redaction.base import Hit
from abzu.domain.redaction.checks import (
    is_password_like,
    is_path,
    is_placeholder,
    is_wordy,
    looks_like_code,
)
from abzu.domain.redaction.haystack import Haystack, run_before
from abzu.domain.redaction.keynames import KEY_HINTS, classify_key
from abzu.domain.redaction.patterns import lazy
from abzu.domain.redaction.tails import value_end

# Keys and values are matched separately: a rejected value must not swallow the text after
# it, which may hold the real assignment (`https://host/cb?token=…`, `--verbose --token …`).
_ASSIGN_KEY_RE = lazy(
    r"(?:(?<![\w.-])|(?<=\\[nrt]))(?P<key>[A-Za-z_][\w.-]{0,80}+)(?:\\?[\"'`])?\]?"
    # an optional type annotation: `password: str = "…"`, `x: dict[str, int] | None = …`; two words
    # side by side are prose, not a type (`Note: set password=…` annotates nothing)
    r"(?:[ \t]{0,4}+:[ \t]{0,4}+[A-Za-z_][\w.]{0,40}+(?:(?:\[|\]|, ?| ?\| ?)[\w.]{0,40}+){0,8}+"
    r"[ \t]{0,4}+(?==[^=>]))?"
    r"[ \t]{0,4}+(?P<op>=>|:=|=(?!=)|:(?!//))[ \t]{0,4}+"
)
_FLAG_KEY_RE = lazy(r"(?<![\w-])--(?P<key>[A-Za-z][\w-]{0,40}+)[ \t=]{1,3}+")
# A bare value stops at the next "=" (after `key:`, also at the next ":"), keeping base64
# padding: `a=b=c` is a chain of assignments, and every character is read a bounded number
# of times however the keys repeat.
_QUOTED_VALUE = r"(?P<q>\\?[\"'`])(?P<qv>[^\"'`\\\r\n]{1,512}+)(?P=q)"
_VALUE_RE = lazy(_QUOTED_VALUE + r"|(?P<bv>[^\s\"'`,;&|<>(){}\[\]\\=]{1,512}+={0,2}+)")
_VALUE_AFTER_COLON_RE = lazy(_QUOTED_VALUE + r"|(?P<bv>[^\s\"'`,;&|<>(){}\[\]\\=:]{1,512}+={0,2}+)")
# Only keys holding a hint word can point to a secret, so keys are matched only where a hint
# occurs, at the start of the run of key characters around it: walking left from the hint is
# a forward match on the reversed text, bounded by the longest key.
_KEY_CHARACTERS = lazy(r"[\w.-]*+")
_FLAG_CHARACTERS = lazy(r"[\w-]*+")
_KEY_START_RE = lazy(r"(?:(?<![\w.-])|(?<=\\[nrt]))[A-Za-z_]")
# What follows every key from a hint on: the rest of its run, then the start of an operator.
_KEY_END_RE = lazy(r"(?P<run>[\w.-]{0,81}+)(?:\\?[\"'`])?\]?[ \t]{0,4}+[:=]")
# What must follow a key that sits inside an earlier key's type annotation (`x: token = 1`).
_ANNOTATION_REST_RE = lazy(r"[\w.\[\], |]{0,41}+=[^=>]")


def scan_assignments(hay: Haystack) -> Iterator[Hit]:
    text = hay.text
    hints = _anchoring_hints(hay)
    for pattern_matches in (_assignment_matches(hay, hints), _flag_matches(hay, hints)):
        for match in pattern_matches:
            if text.endswith("://", 0, match.start()):
                continue  # user:password@ inside a URL belongs to the url-credentials rule
            op = match.groupdict().get("op")
            if op == ":" and match.group("key") == "PASS":
                continue  # "PASS: test-name" is a test runner's verdict (Automake, DejaGnu, Go)
            value_re = _VALUE_RE() if op != ":" else _VALUE_AFTER_COLON_RE()
            hit = _assignment_hit(text, match.group("key"), value_re, match.end())
            if hit is not None:
                yield hit


_LOWER_CASE = frozenset("abcdefghijklmnopqrstuvwxyz")
# Letters after "pass" that still end in a word a key is classified by: password, passphrase.
_PASS_GOES_ON = frozenset("wp")


def _anchoring_hints(hay: Haystack) -> list[int]:
    """Where hint words occur that can be part of the word a key is classified by.

    `classify_key` anchors on a key part ending in the hint ("token", "secret"), or equal to it
    ("key", "auth", "pwd"), parts being lower-case runs: a lower-case hint followed by another
    lower-case letter ("input_tokens", "keys", "author") cannot be that part. Any other hint of
    the same key is still looked at, so skipping these changes nothing.
    """
    text, found = hay.text, []
    for word in KEY_HINTS:
        goes_on = _LOWER_CASE - _PASS_GOES_ON if word == "pass" else _LOWER_CASE
        after = len(word)
        for position in hay.positions(word):
            following = text[position + after : position + after + 1]
            if not (following in goes_on and text.startswith(word, position)):
                found.append(position)
    found.sort()
    return found


def _assignment_hit(text: str, key: str, value_re: re.Pattern[str], position: int) -> Hit | None:
    rule = classify_key(key)
    value = value_re.match(text, position) if rule is not None else None
    if rule is None or value is None:
        return None
    if value.group("qv") is not None:
        start, end = value.span("qv")
        return (rule, start, end) if _is_assigned_secret(text[start:end], rule, "") else None
    start, end = value.span("bv")
    following = text[end : end + 1]
    whole = value_end(text, start, end)
    if _is_assigned_secret(text[start:end], rule, following):
        return rule, start, whole
    # The first piece alone says nothing (`secret = ab&Zq8…`): the whole value decides, unless
    # the first piece is called or indexed (`pwd = os.getcwd()`).
    if whole > end and following not in "([" and _is_whole_secret(text, start, whole, rule):
        return rule, start, whole
    return None


def _assignment_matches(hay: Haystack, hints: list[int]) -> Iterator[re.Match[str]]:
    """The matches `_ASSIGN_KEY_RE.finditer` would give whose key names a secret, in order.

    A key starts where its run of key characters starts, or one further after a JSON-escaped
    `\\n`. Matches of other keys can cover a hint key only through a type annotation.
    """
    text = hay.text
    tried, end = -1, -1
    for hint in hints:
        rest = _KEY_END_RE().match(text, hint)
        if rest is None:
            continue  # no operator after this run: prose like "the token budget"
        run_start = hint - run_before(text, hint, _KEY_CHARACTERS(), 82)
        if run_start <= tried:
            continue  # another hint of a key already matched
        tried = run_start
        if not _may_name_secret(text, run_start, hint + len(rest.group("run"))):
            continue  # input_tokens, max_tokens: classified before any matching
        match = _key_match(text, run_start)
        if match is None or match.start() < end or _inside_annotation(text, match.start()):
            continue
        end = match.end()
        yield match


def _may_name_secret(text: str, run_start: int, run_end: int) -> bool:
    # The key is the whole run, or the run less a leading "n" of a JSON-escaped newline.
    return classify_key(text[run_start:run_end]) is not None or (
        classify_key(text[run_start + 1 : run_end]) is not None
    )


def _key_match(text: str, run_start: int) -> re.Match[str] | None:
    match = _ASSIGN_KEY_RE().match(text, run_start)
    if text.startswith(("n", "r", "t"), run_start) and text.endswith("\\", 0, run_start):
        # After a JSON-escaped newline the key starts one on: in `\napi_key=…` it is "api_key",
        # which `finditer` missed by matching "napi_key" first. Taken when it names a secret.
        escaped = _ASSIGN_KEY_RE().match(text, run_start + 1)
        if escaped is not None and (match is None or classify_key(escaped.group("key")) is not None):
            return escaped
    return match


def _inside_annotation(text: str, start: int) -> bool:
    if _ANNOTATION_REST_RE().match(text, start) is None:
        return False
    colon = text.rfind(":", max(0, start - 50), start)
    if colon == -1:
        return False
    for key in _KEY_START_RE().finditer(text, max(0, colon - 90), colon):
        match = _ASSIGN_KEY_RE().match(text, key.start())
        if match is not None and match.end() > start:
            return True
    return False


def _flag_matches(hay: Haystack, hints: list[int]) -> Iterator[re.Match[str]]:
    # A flag starts with the "--" that starts its run; flags never overlap one another.
    text = hay.text
    if "--" not in text:
        return
    tried = -1
    for hint in hints:
        if text.rfind("--", max(0, hint - 43), hint) == -1:
            continue
        run_start = hint - run_before(text, hint, _FLAG_CHARACTERS(), 44)
        if run_start > tried and text.startswith("--", run_start):
            match = _FLAG_KEY_RE().match(text, run_start)
            if match is not None:
                yield match
        tried = max(tried, run_start)


def _is_whole_secret(text: str, start: int, end: int, rule: str) -> bool:
    # Punctuation joins names in code (`str|None`, `a,b`): such a value must not read as words.
    value = text[start:end]
    return _is_assigned_secret(value, rule, text[end : end + 1]) and not is_wordy(value)


def _is_assigned_secret(value: str, rule: str, following: str) -> bool:
    if len(value) < 8 or is_placeholder(value) or "://" in value or is_path(value):
        return False
    if following and looks_like_code(value, following):
        return False
    if any(ch.isspace() for ch in value):
        return False  # prose or a style string ("bold #13c842"), not a credential
    if rule == "password-assignment":
        return is_password_like(value)
    return not is_wordy(value)
