"""Expected failures of the session lifecycle, as values with a one-line `message`."""

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class SessionNotFound:
    session_id: str

    @property
    def message(self) -> str:
        return f"no session {self.session_id!r} is known (no hook has recorded it)"


@dataclass(frozen=True, slots=True)
class LoopNotOpen:
    loop_id: str
    status: str | None  # None: no such loop

    @property
    def message(self) -> str:
        if self.status is None:
            return f"no open loop {self.loop_id!r} (see `abzu loops`)"
        return f"loop {self.loop_id!r} is {self.status} already"
