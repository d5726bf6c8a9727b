"""Expected failures, as values. Each carries a one-line `message` a user or a model can act on."""

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class EmptyContent:

    @property
    def message(self) -> str:
        return "content is empty: nothing to remember"


@dataclass(frozen=True, slots=True)
class ContentTooLong:
    length: int
    limit: int

    @property
    def message(self) -> str:
        return (
            f"content is {self.length} characters; the limit is {self.limit} "
            "(split it into smaller memories or summarise it)"
        )


@dataclass(frozen=True, slots=True)
class UnknownCategory:
    value: str
    allowed: tuple[str, ...]

    @property
    def message(self) -> str:
        return f"unknown category {self.value!r}: use one of {', '.join(self.allowed)}"


@dataclass(frozen=True, slots=True)
class BeadNotFound:
    bead_id: str

    @property
    def message(self) -> str:
        return f"no bead with id {self.bead_id!r}"


@dataclass(frozen=True, slots=True)
class CandidateNotStarrable:
    candidate_id: str

    @property
    def message(self) -> str:
        return (
            f"{self.candidate_id!r} is a staged candidate, not a reviewed bead: "
            "it must be reviewed (promoted) before it can be starred"
        )


@dataclass(frozen=True, slots=True)
class InvalidScope:
    value: str

    @property
    def message(self) -> str:
        return f"unknown scope {self.value!r}: use 'project' or 'all'"


@dataclass(frozen=True, slots=True)
class InvalidLimit:
    value: int

    @property
    def message(self) -> str:
        return f"limit must be between 1 and 100, got {self.value}"


AbzuError = (
    EmptyContent
    | ContentTooLong
    | UnknownCategory
    | BeadNotFound
    | CandidateNotStarrable
    | InvalidScope
    | InvalidLimit
)
