"""Shared checks on candidate values: placeholders, name-like words, password shape, randomness."""

from __future__ import annotations

import re

from abzu.domain.redaction.base import shannon_entropy
from abzu.domain.redaction.patterns import lazy

_PLACEHOLDER_WORDS = frozenset(
    {
        "password", "passwd", "pass", "pwd", "secret", "token", "user", "username", "changeme",
        "redacted", "none", "null", "nil", "undefined", "placeholder", "example", "dummy",
        "hidden", "masked", "empty", "required", "optional", "default", "string", "value",
    }
)  # fmt: skip
# Substrings of values that are documentation, fixtures or references rather than credentials.
_PLACEHOLDER_HINTS = (
    "example", "placeholder", "changeme", "change_me", "change-me", "your_", "your-", "yourpass",
    "yourtoken", "yoursecret", "<", "{{", "${", "$(", "%(", "environ", "getenv", "process.env",
    "xxxx", "****", "...", "redacted", "dummy", "insert_", "insert-", "replace_", "replace-",
    "fake", "mock", "sample", "test", "secret", "token", "password", "passwd", "apikey",
    "api_key", "api-key", "privatekey", "private_key", "credential",
)  # fmt: skip
_PLACEHOLDER_HINT_RE = lazy("|".join(re.escape(hint) for hint in _PLACEHOLDER_HINTS))
_SHELL_VAR_RE = lazy(r"\$(?:env:)?[A-Za-z_][A-Za-z0-9_]{0,80}+")
# One word of a name: "tok", "hop1", "Secret", "AWS"; random text rarely has this shape.
_NATURAL_WORD_RE = lazy(
    r"[A-Z]{0,2}+[a-z]{1,512}+(?:[A-Z]{1,2}+[a-z]{2,512}+){0,256}+[A-Z]?+\d{0,3}+"
    r"|[A-Z]{1,64}+\d{0,3}+|\d{1,3}+"
)
_ALNUM_RUN_RE = lazy(r"[A-Za-z0-9]{1,512}+")
_SEPARATORS = frozenset(" _-.")


def is_placeholder(value: str) -> bool:
    low = value.strip().lower()
    if len(set(low)) <= 2 or low in _PLACEHOLDER_WORDS:
        return True
    if low[0] in "{<[" or low.startswith("%s") or _SHELL_VAR_RE().fullmatch(value.strip()):
        return True
    return _PLACEHOLDER_HINT_RE().search(low) is not None


def is_wordy(value: str) -> bool:
    """Made of name-like words (`tok_err_2`, `clientSecret`, `grant-type:jwt`), not random."""
    return all(_NATURAL_WORD_RE().fullmatch(run) for run in _ALNUM_RUN_RE().findall(value))


def is_password_like(value: str) -> bool:
    # Human passwords are too short for entropy; a digit or a symbol is what sets them apart
    # from the words and names that fill ordinary text.
    return has_digit(value) or any(not ch.isalnum() and ch not in _SEPARATORS for ch in value)


def looks_like_code(value: str, following: str) -> bool:
    if following in ("(", "["):  # a call or an index
        return True
    core = value.rstrip(":")
    if core.isdigit():
        return True
    if all(part.isidentifier() for part in core.split(".")):
        if "." in core:  # self.token, cfg.SkillId; but `Z.q8Lm2Nx4…` is random, not a name
            return not looks_random(core.replace(".", ""), 8)
        return not has_digit(core)  # Optional, get_password
    return False


def is_path(value: str) -> bool:
    return value.startswith(("/", "./", "../", "~/")) and value.count("/") >= 2


def left_boundary(text: str, start: int) -> bool:
    if start == 0 or not text[start - 1].isalnum():
        return True
    # A JSON-escaped newline or tab right before the token: `"…\nghp_…"`.
    return start >= 2 and text[start - 2] == "\\" and text[start - 1] in "nrt"


def has_digit(value: str) -> bool:
    return any(ch.isdigit() for ch in value)


def _has_letter(value: str) -> bool:
    return any(ch.isalpha() for ch in value)


def has_upper_and_lower(value: str) -> bool:
    return any(ch.isupper() for ch in value) and any(ch.islower() for ch in value)


def not_example(value: str) -> bool:
    return "EXAMPLE" not in value.upper()


def looks_random(value: str, min_length: int) -> bool:
    return (
        len(value) >= min_length
        and has_digit(value)
        and _has_letter(value)
        and shannon_entropy(value) >= 3.0
        and "://" not in value
        and not is_placeholder(value)
        and not is_wordy(value)
    )
