"""Ports of `abzu scrub`: the places where stored text lives, and progress over them."""

from dataclasses import dataclass
from typing import Protocol

from abzu.application.scrub.fields import FieldScrubber


@dataclass(frozen=True, slots=True)
class ScrubCount:
    """One table (or group of files) of one target: items read, and items that changed."""

    target: str
    place: str
    scanned: int
    changed: int


@dataclass(frozen=True, slots=True)
class Scrubbed:
    """What a target did. `problems` are one-line reasons a part of it could not be scrubbed."""

    counts: tuple[ScrubCount, ...]
    problems: tuple[str, ...] = ()


class ScrubProgress(Protocol):
    """Told about long work, step by step; never changes the outcome."""

    def begin(self, label: str, total: int) -> None: ...

    def advance(self, count: int) -> None: ...


class NoScrubProgress(ScrubProgress):
    def begin(self, label: str, total: int) -> None:
        pass

    def advance(self, count: int) -> None:
        pass


class ScrubTarget(Protocol):
    """One place stored text lives: a database, the review snapshots, the log files, the hook spool.

    `scrub` passes every stored text value through `fields`, writes back those that change, then
    purges what the old values left behind (index segments, free pages, journals), even when
    nothing changed. With `dry_run` it only counts and writes nothing. Parts it cannot scrub
    completely are reported in `Scrubbed.problems`; the rest is still done.
    """

    def scrub(self, fields: FieldScrubber, *, dry_run: bool, progress: ScrubProgress) -> Scrubbed: ...
