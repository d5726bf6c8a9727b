"""Expected failures of the session lifecycle, as values with a one-line `message`."""

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class SessionNotFound:
    session_id: str

    @property
    def message(self) -> str:
        return f"no session {self.session_id!r} is known (no hook has recorded it)"
