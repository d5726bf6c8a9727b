"""A progress bar over review batches (rich), or nothing at all."""

from collections.abc import Iterator
from contextlib import contextmanager

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from abzu.application.review.ports import NoProgress, ReviewProgress
from abzu.application.review.report import BatchReport


class RichReviewProgress(ReviewProgress):
    def __init__(self, progress: Progress) -> None:
        self._progress = progress
        self._task = progress.add_task("reviewing", total=None)

    def started(self, batches: int) -> None:
        self._progress.update(self._task, total=batches)

    def settled(self, batch: BatchReport) -> None:
        self._progress.update(self._task, advance=1, description=f"batch {batch.number}")


@contextmanager
def review_progress(enabled: bool) -> Iterator[ReviewProgress]:
    if not enabled:
        yield NoProgress()
        return
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
               TimeElapsedColumn())
    with Progress(*columns, transient=True, console=Console(stderr=True)) as progress:
        yield RichReviewProgress(progress)
