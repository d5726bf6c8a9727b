"""The progress bars of `abzu review` (per batch) and `abzu scrub` (per table or file): rich, on
stderr, gone when done; or nothing at all (interactive or JSON output)."""

from collections.abc import Iterator
from contextlib import contextmanager

from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from abzu.application.review.ports import NoProgress, ReviewProgress
from abzu.application.review.report import BatchReport
from abzu.application.scrub.ports import NoScrubProgress, ScrubProgress


class RichReviewProgress(ReviewProgress):
    def __init__(self, progress: Progress) -> None:
        self._progress = progress
        self._task = progress.add_task("reviewing", total=None)

    def started(self, batches: int) -> None:
        self._progress.update(self._task, total=batches)

    def settled(self, batch: BatchReport) -> None:
        self._progress.update(self._task, advance=1, description=f"batch {batch.number}")


class RichScrubProgress(ScrubProgress):
    def __init__(self, progress: Progress) -> None:
        self._progress = progress
        self._task = progress.add_task("scrubbing", total=None)

    def begin(self, label: str, total: int) -> None:
        self._progress.reset(self._task, total=total, description=escape(label))

    def advance(self, count: int) -> None:
        self._progress.advance(self._task, count)


@contextmanager
def review_progress(enabled: bool) -> Iterator[ReviewProgress]:
    if not enabled:
        yield NoProgress()
        return
    with _bar() as progress:
        yield RichReviewProgress(progress)


@contextmanager
def scrub_progress(enabled: bool) -> Iterator[ScrubProgress]:
    if not enabled:
        yield NoScrubProgress()
        return
    with _bar() as progress:
        yield RichScrubProgress(progress)


def _bar() -> Progress:
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    return Progress(*columns, transient=True, console=Console(stderr=True))
