"""The progress bars of `abzu review` (per batch) and `abzu scrub` (per table or file): rich, on
stderr, gone when done; or nothing at all (interactive or JSON output)."""

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TypeVar

from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from abzu.application.review.ports import ReviewProgress
from abzu.application.review.report import BatchReport
from abzu.application.scrub.ports import ScrubProgress

P = TypeVar("P", ReviewProgress, ScrubProgress)


class RichReviewProgress(ReviewProgress):
    def __init__(self, progress: Progress) -> None:
        self._progress = progress
        self._task = progress.add_task("reviewing", total=None)

    def started(self, batches: int) -> None:
        self._progress.update(self._task, total=batches)

    def settled(self, batch: BatchReport) -> None:
        self._progress.update(self._task, advance=1, description=f"batch {batch.number}")


class RichScrubProgress(ScrubProgress):
    """Labelled steps with totals: scrub's tables and files, and `abzu import`'s passes."""

    def __init__(self, progress: Progress, label: str = "scrubbing") -> None:
        self._progress = progress
        self._task = progress.add_task(label, total=None)

    def begin(self, label: str, total: int) -> None:
        self._progress.reset(self._task, total=total, description=escape(label))

    def advance(self, count: int) -> None:
        self._progress.advance(self._task, count)


@contextmanager
def shown(bar: Callable[[Progress], P], quiet: P, *, enabled: bool) -> Iterator[P]:
    """`bar` drawn on stderr while the block runs (gone when done), or `quiet` when not `enabled`."""
    if not enabled:
        yield quiet
        return
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, transient=True, console=Console(stderr=True)) as progress:
        yield bar(progress)
