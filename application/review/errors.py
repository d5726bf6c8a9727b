"""Expected failures of the review use cases; each has a one-line `message`."""

from dataclasses import dataclass

from abzu.domain.errors import BeadNotFound, ContentTooLong, EmptyContent


@dataclass(frozen=True, slots=True)
class CandidateNotFound:
    candidate_id: str

    @property
    def message(self) -> str:
        return f"no staged candidate with id {self.candidate_id!r} (see `abzu candidates`)"


@dataclass(frozen=True, slots=True)
class InvalidConsolidation:
    reason: str

    @property
    def message(self) -> str:
        return f"cannot consolidate: {self.reason}"


@dataclass(frozen=True, slots=True)
class NotFlagged:
    bead_id: str

    @property
    def message(self) -> str:
        return f"bead {self.bead_id!r} is not flagged for deletion"


@dataclass(frozen=True, slots=True)
class EmptyReason:
    @property
    def message(self) -> str:
        return "a reason is required"


@dataclass(frozen=True, slots=True)
class UnknownProject:
    name: str

    @property
    def message(self) -> str:
        return f"no project named {self.name!r}"


@dataclass(frozen=True, slots=True)
class NothingToUndo:
    @property
    def message(self) -> str:
        return "no review to undo (only reviews that changed wisdom.db keep a snapshot)"


PromoteError = CandidateNotFound | EmptyContent | ContentTooLong
ConsolidateError = CandidateNotFound | BeadNotFound | InvalidConsolidation | EmptyContent | ContentTooLong
FlagError = BeadNotFound | EmptyReason
UnflagError = BeadNotFound | NotFlagged
ApplyError = PromoteError | ConsolidateError | FlagError
