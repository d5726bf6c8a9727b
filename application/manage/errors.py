"""Expected failures of show / edit / forget / confirm, each with a one-line `message`."""

from dataclasses import dataclass

from abzu.domain.errors import ExpectedFailure


@dataclass(frozen=True, slots=True)
class MemoryNotFound(ExpectedFailure):
    template = "no memory with id {memory_id!r} (ids look like b-… or c-…; see `abzu recall`)"
    memory_id: str


@dataclass(frozen=True, slots=True)
class NothingToEdit(ExpectedFailure):
    template = "nothing to change: give --content, --summary, --category or --tag"


@dataclass(frozen=True, slots=True)
class StagedPreference(ExpectedFailure):
    template = (
        "{memory_id!r} is staged; preferences are never staged: forget it and "
        "`abzu remember … --category preference` instead"
    )
    memory_id: str


@dataclass(frozen=True, slots=True)
class DuplicateText(ExpectedFailure):
    template = "{memory_id!r} would then hold the same text as {existing_id!r}: nothing changed"
    memory_id: str
    existing_id: str


@dataclass(frozen=True, slots=True)
class AlreadyReviewed:
    memory_id: str
    vouched_by: str  # person or review

    @property
    def message(self) -> str:
        by = "a person" if self.vouched_by == "person" else "a review"
        return f"{self.memory_id!r} is already reviewed (vouched for by {by}): nothing to confirm"


@dataclass(frozen=True, slots=True)
class StagedNotConfirmed(ExpectedFailure):
    template = (
        "{memory_id!r} is a staged candidate: review it (promote or discard) with "
        "`abzu review --interactive` instead"
    )
    memory_id: str
