"""Which projects a recall looks at (spec §5 scoping, §8)."""

from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from returns.result import Result

    from abzu.domain.errors import InvalidScope


class ScopeKind(StrEnum):
    PROJECT = "project"
    ALL = "all"


@dataclass(frozen=True, slots=True)
class Scope:
    """`project` is the focus: boosted in ranking and, unless kind is ALL, the only non-global one.

    A recall scoped to a project sees that project plus global beads (project NULL).
    """

    kind: ScopeKind
    project: str | None

    @classmethod
    def parse(cls, value: str, project: str | None) -> "Result[Scope, InvalidScope]":
        from returns.result import Failure, Success  # here: the hooks import this module

        from abzu.domain.errors import InvalidScope

        try:
            return Success(cls(ScopeKind(value.strip().lower()), project))
        except ValueError:
            return Failure(InvalidScope(value))

    def admits(self, project: str | None) -> bool:
        return self.kind is ScopeKind.ALL or project is None or project == self.project
