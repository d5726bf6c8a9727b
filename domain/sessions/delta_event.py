"""One notable change of the delta header (delta.py): apart from it, so that a session start
with no change to show never generates the class (docs/benchmarks.md, start2)."""

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class DeltaEvent:
    """One notable change: a bullet of the header."""

    item_id: str
    event: str
    detail: str | None = None
