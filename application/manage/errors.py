"""Expected failures of show / edit / forget / confirm, each with a one-line `message`."""

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class MemoryNotFound:
    memory_id: str

    @property
    def message(self) -> str:
        return f"no memory with id {self.memory_id!r} (ids look like b-… or c-…; see `abzu recall`)"


@dataclass(frozen=True, slots=True)
class NothingToEdit:
    @property
    def message(self) -> str:
        return "nothing to change: give --content, --summary, --category or --tag"


@dataclass(frozen=True, slots=True)
class StagedPreference:
    memory_id: str

    @property
    def message(self) -> str:
        return (
            f"{self.memory_id!r} is staged; preferences are never staged: forget it and "
            "`abzu remember … --category preference` instead"
        )


@dataclass(frozen=True, slots=True)
class DuplicateText:
    memory_id: str
    existing_id: str

    @property
    def message(self) -> str:
        return f"{self.memory_id!r} would then hold the same text as {self.existing_id!r}: nothing changed"


@dataclass(frozen=True, slots=True)
class AlreadyReviewed:
    memory_id: str
    vouched_by: str  # person or review

    @property
    def message(self) -> str:
        by = "a person" if self.vouched_by == "person" else "a review"
        return f"{self.memory_id!r} is already reviewed (vouched for by {by}): nothing to confirm"


@dataclass(frozen=True, slots=True)
class StagedNotConfirmed:
    memory_id: str

    @property
    def message(self) -> str:
        return (f"{self.memory_id!r} is a staged candidate: review it (promote or discard) with "
                "`abzu review --interactive` instead")
