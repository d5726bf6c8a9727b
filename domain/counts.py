"""Totals that add up field by field (a run's from its parts, a month's from its reviews)."""

from dataclasses import dataclass, fields, replace

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (spend.py never did)
if TYPE_CHECKING:
    from typing import Self


@dataclass(frozen=True, slots=True)
class Counts:
    """A frozen dataclass of numbers whose `+` adds each field to the same field of the other:
    a field added later is summed too, with no `__add__` to keep in step."""

    def __add__(self, other: "Self") -> "Self":
        return replace(self, **{f.name: getattr(self, f.name) + getattr(other, f.name) for f in fields(self)})
