"""A progress bar per table or file of `abzu scrub` (rich, on stderr), or nothing at all."""

from collections.abc import Iterator
from contextlib import contextmanager

from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from abzu.application.scrub.ports import NoScrubProgress, ScrubProgress


class RichScrubProgress(ScrubProgress):
    def __init__(self, progress: Progress) -> None:
        self._progress = progress
        self._task = progress.add_task("scrubbing", total=None)

    def begin(self, label: str, total: int) -> None:
        self._progress.reset(self._task, total=total, description=escape(label))

    def advance(self, count: int) -> None:
        self._progress.advance(self._task, count)


@contextmanager
def scrub_progress(enabled: bool) -> Iterator[ScrubProgress]:
    if not enabled:
        yield NoScrubProgress()
        return
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, transient=True, console=Console(stderr=True)) as progress:
        yield RichScrubProgress(progress)
