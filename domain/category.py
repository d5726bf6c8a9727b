"""The five kinds of knowledge a bead can hold (spec §5)."""

from enum import StrEnum
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from returns.result import Result

    from abzu.domain.errors import UnknownCategory


class Category(StrEnum):
    DECISION = "decision"
    LEARNING = "learning"
    PATTERN = "pattern"
    FIX = "fix"
    PREFERENCE = "preference"

    @property
    def is_permanent_on_write(self) -> bool:
        """Preferences skip staging: they go straight to wisdom.db and never decay."""
        return self is Category.PREFERENCE

    @classmethod
    def parse(cls, value: str) -> "Result[Category, UnknownCategory]":
        from returns.result import Failure, Success  # here: the hooks import this module

        found = cls.of(value)
        return Success(found) if isinstance(found, Category) else Failure(found)

    @classmethod
    def of(cls, value: str) -> "Category | UnknownCategory":
        """`parse`'s answer as a plain value (the CLI's fast front loads no `returns`)."""
        from abzu.domain.errors import UnknownCategory

        normalised = value.strip().lower()
        for member in cls:
            if member.value == normalised:
                return member
        return UnknownCategory(value, tuple(m.value for m in cls))
