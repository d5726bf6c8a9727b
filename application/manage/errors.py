"""Expected failures of show / edit / forget, each with a one-line `message`."""

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
