"""`Value`: what a frozen, slotted dataclass gives, written once by hand for the classes on
`abzu recall`'s path (issue 13's import diet). `@dataclass` generates every class's methods at
import (~0.7 ms each, from source text it compiles) and loads `inspect`; these classes are
built per command, so their start-up is the cost that counts. A subclass lists its fields in
`__match_args__` (declaration order: repr, equality, positional patterns) and `__slots__`, and
sets them in its `__init__` with `_set`.
"""

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing on the lean path
if TYPE_CHECKING:
    from typing import Self


class Value:
    """Equal and hashed by its fields (only to its own class), immutable, printed with its fields,
    copied and pickled field by field: a frozen dataclass's contract."""

    __slots__: tuple[str, ...] = ()
    __match_args__: tuple[str, ...] = ()

    def _fields(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in self.__match_args__)

    def __eq__(self, other: object) -> bool:
        return self._fields() == other._fields() if type(other) is type(self) else NotImplemented

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        shown = ", ".join(f"{n}={getattr(self, n)!r}" for n in self.__match_args__)
        return f"{type(self).__qualname__}({shown})"

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"cannot assign to field {name!r}")  # as FrozenInstanceError

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete field {name!r}")

    def __getstate__(self) -> tuple[object, ...]:
        return self._fields()

    def __setstate__(self, state: tuple[object, ...]) -> None:
        self._set(**dict(zip(self.__match_args__, state, strict=True)))

    def replace(self, **changes: object) -> "Self":
        """A copy with `changes` (what `dataclasses.replace` does for a dataclass)."""
        copy = object.__new__(type(self))
        copy._set(**{n: changes.pop(n, getattr(self, n)) for n in self.__match_args__})
        if changes:
            raise TypeError(f"{type(self).__qualname__} has no field {next(iter(changes))!r}")
        return copy

    def _set(self, **values: object) -> None:
        setter = _SETATTR  # a local: this runs for every field of every value a recall builds
        for name, value in values.items():
            setter(self, name, value)


_SETATTR = object.__setattr__
