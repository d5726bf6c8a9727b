"""Gates: cheap necessary conditions that let the engine skip a rule's scanner."""

from __future__ import annotations

from abzu.domain.redaction.base import Gate
from abzu.domain.redaction.haystack import LONG_RUN, Haystack


def words_gate(*words: str) -> Gate:
    """Open when one of the lower-case `words` occurs in the text, ignoring case."""

    def gate(hay: Haystack) -> bool:
        return any(hay.has(word) for word in words)

    return gate


class NearLongRuns:
    """Open when one of the `needles` occurs next to or in a run of `LONG_RUN` or more.

    For rules whose every match holds such a run with the needle in it or just before it.
    Ordinary text has few long runs or none, so the engine checks all these gates in one go.
    """

    __slots__ = ("needles",)

    def __init__(self, needles: tuple[bytes, ...]) -> None:
        self.needles = needles

    def __call__(self, hay: Haystack) -> bool:
        runs = hay.long_runs()
        return any(needle in runs for needle in self.needles)


def needles_gate(needles: tuple[str, ...], *, guard: str = "", min_run: int = 0, upper_run: int = 0) -> Gate:
    """Open when one of the exact `needles` occurs, after cheaper checks that must all pass.

    `min_run`: every match holds a run of `[A-Za-z0-9_-]` at least this long, with the needle
    in it or at most `LONG_RUN_LEAD` before it. `upper_run`: every match holds a `[A-Z0-9]` run
    this long. `guard`: characters that must all occur (a one-character search is a `memchr`).
    """
    encoded = tuple(needle.encode() for needle in needles)
    if min_run >= LONG_RUN and not guard and not upper_run:
        return NearLongRuns(encoded)
    marks = tuple(character.encode() for character in guard)

    def gate(hay: Haystack) -> bool:
        if upper_run and not hay.has_upper_run(upper_run):
            return False
        contains = hay.ascii.__contains__  # `map` over it stays in C: no Python step per needle
        return all(map(contains, marks)) and any(map(contains, encoded))

    return gate
