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

    @classmethod
    def of(cls, value: str) -> "ScopeKind | None":
        """The kind a user's word names (any case, spaces around); None: no such scope."""
        try:
            return cls(value.strip().lower())
        except ValueError:
            return None


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

        scope = cls.of(value, project)
        return Success(scope) if isinstance(scope, Scope) else Failure(scope)

    @classmethod
    def of(cls, value: str, project: str | None) -> "Scope | InvalidScope":
        """`parse`'s answer as a plain value (the CLI's fast front loads no `returns`)."""
        kind = ScopeKind.of(value)
        if kind is None:
            from abzu.domain.errors import InvalidScope

            return InvalidScope(value)
        return cls(kind, project)

    def admits(self, project: str | None) -> bool:
        return self.kind is ScopeKind.ALL or project is None or project == self.project
