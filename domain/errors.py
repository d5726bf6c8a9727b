"""Expected failures, as values. Each carries a one-line `message` a user or a model can act on.

`Value`s, not `@dataclass`es (see domain/values.py): every command that can fail imports this
module, `abzu remember` among them, and seven generated dataclasses cost it ~5 ms of start-up.
"""

from abzu.domain.values import Value


class EmptyContent(Value):
    __slots__ = ()

    @property
    def message(self) -> str:
        return "content is empty: nothing to remember"


class ContentTooLong(Value):
    __match_args__ = ("length", "limit")
    __slots__ = __match_args__
    length: int
    limit: int

    def __init__(self, length: int, limit: int) -> None:
        self._set(length=length, limit=limit)

    @property
    def message(self) -> str:
        return (
            f"content is {self.length} characters; the limit is {self.limit} "
            "(split it into smaller memories or summarise it)"
        )


class UnknownCategory(Value):
    __match_args__ = ("value", "allowed")
    __slots__ = __match_args__
    value: str
    allowed: tuple[str, ...]

    def __init__(self, value: str, allowed: tuple[str, ...]) -> None:
        self._set(value=value, allowed=allowed)

    @property
    def message(self) -> str:
        return f"unknown category {self.value!r}: use one of {', '.join(self.allowed)}"


class BeadNotFound(Value):
    __match_args__ = ("bead_id",)
    __slots__ = __match_args__
    bead_id: str

    def __init__(self, bead_id: str) -> None:
        self._set(bead_id=bead_id)

    @property
    def message(self) -> str:
        return f"no bead with id {self.bead_id!r}"


class CandidateNotStarrable(Value):
    __match_args__ = ("candidate_id",)
    __slots__ = __match_args__
    candidate_id: str

    def __init__(self, candidate_id: str) -> None:
        self._set(candidate_id=candidate_id)

    @property
    def message(self) -> str:
        return (
            f"{self.candidate_id!r} is a staged candidate, not a reviewed bead: "
            "it must be reviewed (promoted) before it can be starred"
        )


class InvalidScope(Value):
    __match_args__ = ("value",)
    __slots__ = __match_args__
    value: str

    def __init__(self, value: str) -> None:
        self._set(value=value)

    @property
    def message(self) -> str:
        return f"unknown scope {self.value!r}: use 'project' or 'all'"


class InvalidLimit(Value):
    __match_args__ = ("value",)
    __slots__ = __match_args__
    value: int

    def __init__(self, value: int) -> None:
        self._set(value=value)

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
