"""Gates: cheap necessary conditions that let the engine skip a rule's scanner.

A gate never decides what is a secret: it only says "this scanner cannot find anything here".
They are data, so that `GatePlan` can test all of them together with few Python steps.
"""

from __future__ import annotations

from collections.abc import Sequence

from abzu.domain.redaction.haystack import LONG_RUN, Haystack

# The gates are plain slotted classes, not dataclasses: each frozen dataclass costs ~1 ms to
# create at import (its methods are generated and compiled), which every `abzu remember` paid,
# and nothing compares or prints gates. They are never changed after they are made.


class Words:
    """Open when one of the lower-case `words` occurs in the text, ignoring case."""

    __slots__ = ("words",)

    def __init__(self, words: tuple[str, ...]) -> None:
        self.words = words

    def __call__(self, hay: Haystack) -> bool:
        return any(hay.has(word) for word in self.words)


class Needles:
    """Open when one of the exact `needles` occurs and every character of `guard` does.

    A one-character search is a `memchr`, ten times faster than a longer needle's.
    """

    __slots__ = ("guard", "needles")

    def __init__(self, needles: tuple[bytes, ...], guard: tuple[bytes, ...] = ()) -> None:
        self.needles, self.guard = needles, guard

    def __call__(self, hay: Haystack) -> bool:
        contains = hay.ascii.__contains__  # `map` over it stays in C: no Python step per needle
        return all(map(contains, self.guard)) and any(map(contains, self.needles))


class UpperRunNeedles:
    """`Needles`, for matches that hold a `[A-Z0-9]` run `length` long (checked first)."""

    __slots__ = ("length", "needles")

    def __init__(self, needles: Needles, length: int) -> None:
        self.needles, self.length = needles, length

    def __call__(self, hay: Haystack) -> bool:
        return hay.has_upper_run(self.length) and self.needles(hay)


class NearLongRuns:
    """Open when one of the `needles` occurs in or just before a run of `LONG_RUN` or more.

    For rules whose every match holds such a run with the needle in it or right before it.
    """

    __slots__ = ("needles",)

    def __init__(self, needles: tuple[bytes, ...]) -> None:
        self.needles = needles

    def __call__(self, hay: Haystack) -> bool:
        runs = hay.long_runs()
        return any(needle in runs for needle in self.needles)


Gate = Words | Needles | UpperRunNeedles | NearLongRuns


def words_gate(*words: str) -> Words:
    return Words(words)


def needles_gate(
    needles: tuple[str, ...], *, guard: str = "", min_run: int = 0, upper_run: int = 0
) -> Needles | UpperRunNeedles | NearLongRuns:
    """The gate for a rule whose every match holds one of `needles`.

    `min_run`: every match holds a run of `[A-Za-z0-9_-]` at least this long, with the needle
    in it or at most `LONG_RUN_LEAD` before it. `upper_run`: every match holds a `[A-Z0-9]` run
    this long. `guard`: characters that must all occur.
    """
    encoded = tuple(needle.encode() for needle in needles)
    if min_run >= LONG_RUN and not guard and not upper_run:
        return NearLongRuns(encoded)
    gate = Needles(encoded, tuple(character.encode() for character in guard))
    return UpperRunNeedles(gate, upper_run) if upper_run else gate


class GatePlan:
    """Every rule's gate, tested together: which rules (by index) may find something.

    On an indexed haystack (every word located in one pass) a gate is a dictionary lookup. On a
    plain one each needle costs a search, so the cheaper checks go first (guards, run lengths,
    and all rules whose needles sit near long runs at once), with few Python steps per text.
    """

    def __init__(self, gates: Sequence[Gate]) -> None:
        indexed = list(enumerate(gates))
        self._words = tuple((i, g.words) for i, g in indexed if isinstance(g, Words))
        self._exact = tuple(
            (i, tuple(n.decode() for n in _needles(g))) for i, g in indexed if not isinstance(g, Words)
        )
        self.vocabulary = frozenset(
            [word for _, words in self._words for word in words]
            + [needle.lower() for _, needles in self._exact for needle in needles]
        )
        self._by_word: dict[str, list[tuple[int, bytes | None]]] = {}
        for i, words in self._words:
            for word in words:
                self._by_word.setdefault(word, []).append((i, None))
        for i, needles in self._exact:
            for needle in needles:
                exact = None if needle == needle.lower() else needle.encode()
                self._by_word.setdefault(needle.lower(), []).append((i, exact))
        self._needles = tuple((i, g.guard, g.needles) for i, g in indexed if isinstance(g, Needles))
        self._others = tuple((i, g) for i, g in indexed if isinstance(g, UpperRunNeedles))
        self._near = tuple((n, i) for i, g in indexed if isinstance(g, NearLongRuns) for n in g.needles)

    def open(self, hay: Haystack) -> list[int]:
        if hay.indexed:
            return self._open_indexed(hay)
        opened = [i for i, words in self._words if any(map(hay.has, words))]
        text = hay.ascii
        opened += [
            i for i, guard, needles in self._needles if _all_in(guard, text) and _any_in(needles, text)
        ]
        opened += [i for i, gate in self._others if gate(hay)]
        runs = hay.long_runs()
        if runs:
            opened += sorted({i for needle, i in self._near if needle in runs})
        return opened

    def _open_indexed(self, hay: Haystack) -> list[int]:
        # Only the words that occur are looked at; a needle with capitals must occur as written.
        opened: set[int] = set()
        text = hay.ascii
        for word, starts in hay.found_words().items():
            for i, exact in self._by_word.get(word, ()):
                if exact is None or any(text.startswith(exact, start) for start in starts):
                    opened.add(i)
        return list(opened)


def _needles(gate: Needles | UpperRunNeedles | NearLongRuns) -> tuple[bytes, ...]:
    return gate.needles.needles if isinstance(gate, UpperRunNeedles) else gate.needles


def _all_in(parts: tuple[bytes, ...], text: bytes) -> bool:
    return all(map(text.__contains__, parts))


def _any_in(parts: tuple[bytes, ...], text: bytes) -> bool:
    return any(map(text.__contains__, parts))
