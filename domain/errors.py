"""Expected failures, as values. Each carries a one-line `message` a user or a model can act on."""

from dataclasses import dataclass, fields
from typing import ClassVar


@dataclass(frozen=True, slots=True)
class ExpectedFailure:
    """The shared shape of a failure value: a frozen dataclass whose `message` is its `template`
    filled from its fields by name (`str.format`, so `{name!r}` quotes as an f-string would).
    A message that needs more than its fields (a join, a choice) keeps its own property."""

    template: ClassVar[str]

    @property
    def message(self) -> str:
        return self.template.format_map({f.name: getattr(self, f.name) for f in fields(self)})


@dataclass(frozen=True, slots=True)
class EmptyContent(ExpectedFailure):
    template = "content is empty: nothing to remember"


@dataclass(frozen=True, slots=True)
class ContentTooLong(ExpectedFailure):
    template = (
        "content is {length} characters; the limit is {limit} "
        "(split it into smaller memories or summarise it)"
    )
    length: int
    limit: int


@dataclass(frozen=True, slots=True)
class UnknownCategory:
    value: str
    allowed: tuple[str, ...]

    @property
    def message(self) -> str:
        return f"unknown category {self.value!r}: use one of {', '.join(self.allowed)}"


@dataclass(frozen=True, slots=True)
class BeadNotFound(ExpectedFailure):
    template = "no bead with id {bead_id!r}"
    bead_id: str


@dataclass(frozen=True, slots=True)
class CandidateNotStarrable(ExpectedFailure):
    template = (
        "{candidate_id!r} is a staged candidate, not a reviewed bead: "
        "it must be reviewed (promoted) before it can be starred"
    )
    candidate_id: str


@dataclass(frozen=True, slots=True)
class InvalidScope(ExpectedFailure):
    template = "unknown scope {value!r}: use 'project' or 'all'"
    value: str


@dataclass(frozen=True, slots=True)
class InvalidLimit(ExpectedFailure):
    template = "limit must be between 1 and 100, got {value}"
    value: int

