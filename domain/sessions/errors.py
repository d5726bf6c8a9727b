"""Expected failures of the session lifecycle, as values with a one-line `message`."""

from dataclasses import dataclass

from abzu.domain.errors import ExpectedFailure


@dataclass(frozen=True, slots=True)
class SessionNotFound(ExpectedFailure):
    template = "no session {session_id!r} is known (no hook has recorded it)"
    session_id: str


@dataclass(frozen=True, slots=True)
class LoopNotOpen:
    loop_id: str
    status: str | None  # None: no such loop

    @property
    def message(self) -> str:
        if self.status is None:
            return f"no open loop {self.loop_id!r} (see `abzu loops`)"
        return f"loop {self.loop_id!r} is {self.status} already"
