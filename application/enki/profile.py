"""Use cases: `abzu profile set` and `abzu profile` (spec §16 user_profile)."""

from dataclasses import dataclass
from typing import Protocol

from returns.result import Failure, Result, Success

from abzu.application.ports import Clock
from abzu.domain.enki.profile import BadProfileEntry, ProfileEntry, checked
from abzu.domain.redaction import redact


class ProfileStore(Protocol):
    """The user_profile table of wisdom.db; each call is its own transaction."""

    def put(self, entry: ProfileEntry) -> None: ...
    def entries(self) -> list[ProfileEntry]:
        """Every entry, by key."""
        ...


@dataclass(frozen=True, slots=True)
class SetProfile:
    """- One clean line per key and value, a known source; secrets in the value are redacted.
    - Setting a key again replaces its value, source and project (one value per key)."""

    store: ProfileStore
    clock: Clock

    def execute(
        self, key: str, value: str, source: str = "explicit", project: str | None = None
    ) -> Result[ProfileEntry, BadProfileEntry]:
        parts = checked(key, value, source)
        if isinstance(parts, BadProfileEntry):
            return Failure(parts)
        k, v, src = parts
        entry = ProfileEntry(k, redact(v).text, src, project or None, self.clock.now())
        self.store.put(entry)
        return Success(entry)


@dataclass(frozen=True, slots=True)
class ListProfile:
    store: ProfileStore

    def execute(self) -> list[ProfileEntry]:
        return self.store.entries()
