"""The user profile (spec §16 `user_profile`): short facts about the user, one value per key.

`explicit` entries were stated by the user and are shown at every session start; `inferred`
and `codebase` ones are kept for consumers that weigh them, and never injected. A key holds one
value (the table's primary key): setting it again replaces the value, source and project.
"""

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

from abzu.domain.content import clean_line
from abzu.domain.errors import ExpectedFailure

MAX_KEY_CHARS = 80
MAX_VALUE_CHARS = 500


class ProfileSource(StrEnum):
    EXPLICIT = "explicit"
    INFERRED = "inferred"
    CODEBASE = "codebase"


@dataclass(frozen=True, slots=True)
class ProfileEntry:
    key: str
    value: str
    source: ProfileSource
    project: str | None
    updated_at: datetime
    confidence: float = 1.0


@dataclass(frozen=True, slots=True)
class BadProfileEntry(ExpectedFailure):
    template = "{reason}"
    reason: str


def checked(key: str, value: str, source: str) -> tuple[str, str, ProfileSource] | BadProfileEntry:
    """Key and value as one clean line each, within their limits, and a known source."""
    k, v = clean_line(key), clean_line(value)
    allowed = ", ".join(s.value for s in ProfileSource)
    if source.strip().lower() not in {s.value for s in ProfileSource}:
        return BadProfileEntry(f"unknown source {source!r}: use one of {allowed}")
    if not k or not v:
        return BadProfileEntry("a profile entry needs a key and a value")
    if len(k) > MAX_KEY_CHARS or len(v) > MAX_VALUE_CHARS:
        return BadProfileEntry(f"keys hold up to {MAX_KEY_CHARS} characters, values {MAX_VALUE_CHARS}")
    return k, v, ProfileSource(source.strip().lower())
