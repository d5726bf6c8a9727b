"""Expected failures of the review use cases; each has a one-line `message`."""

from dataclasses import dataclass

from abzu.domain.errors import BeadNotFound, ContentTooLong, EmptyContent, ExpectedFailure


@dataclass(frozen=True, slots=True)
class CandidateNotFound(ExpectedFailure):
    template = "no staged candidate with id {candidate_id!r} (see `abzu candidates`)"
    candidate_id: str


@dataclass(frozen=True, slots=True)
class InvalidConsolidation(ExpectedFailure):
    template = "cannot consolidate: {reason}"
    reason: str


@dataclass(frozen=True, slots=True)
class NotFlagged(ExpectedFailure):
    template = "bead {bead_id!r} is not flagged for deletion"
    bead_id: str


@dataclass(frozen=True, slots=True)
class EmptyReason(ExpectedFailure):
    template = "a reason is required"


@dataclass(frozen=True, slots=True)
class UnknownProject(ExpectedFailure):
    template = "no project named {name!r}"
    name: str


@dataclass(frozen=True, slots=True)
class NothingToUndo(ExpectedFailure):
    template = "no review to undo (only reviews that changed wisdom.db keep a snapshot)"


PromoteError = CandidateNotFound | EmptyContent | ContentTooLong
ConsolidateError = CandidateNotFound | BeadNotFound | InvalidConsolidation | EmptyContent | ContentTooLong
FlagError = BeadNotFound | EmptyReason
UnflagError = BeadNotFound | NotFlagged
ApplyError = PromoteError | ConsolidateError | FlagError
