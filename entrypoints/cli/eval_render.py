"""Human-readable `abzu eval` output: Abzu and the baseline side by side, per category."""

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from rich import box
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TaskID, TextColumn, TimeElapsedColumn
from rich.table import Table

from abzu.application.evaluation.ports import EvalProgress
from abzu.application.evaluation.report import EvalReport, System
from abzu.domain.evaluation.metrics import Summary

console = Console()
Cells = Callable[[Summary], list[str]]


class RichProgress(EvalProgress):
    """One bar per sample, advancing per question, on stderr (stdout stays for the report).
    Nothing is drawn before the first sample, so an early error stays one line."""

    def __init__(self) -> None:
        columns = (TextColumn("{task.description:>12}"), BarColumn(), MofNCompleteColumn(),
                   TextColumn("questions"), TimeElapsedColumn())
        self.bars, self._task = Progress(*columns, console=Console(stderr=True)), TaskID(-1)

    def sample_started(self, sample_id: str, questions: int) -> None:
        if not self.bars.live.is_started:
            self.bars.start()
        self._task = self.bars.add_task(escape(sample_id), total=questions)

    def question_done(self) -> None:
        self.bars.advance(self._task)


@contextmanager
def progress_bars() -> Iterator[EvalProgress]:
    progress = RichProgress()
    try:
        yield progress
    finally:
        if progress.bars.live.is_started:
            progress.bars.stop()


def report(view: EvalReport) -> None:
    request = view.request
    console.print(f"[bold]Retrieval on {escape(request.path)}[/]  unit {request.unit.value}, "
                  f"relevance floor {view.floor:g}, depth {request.depth}", soft_wrap=True)
    ks = request.ks
    console.print(_table("Found: hit@k (any evidence in the top k) and MRR", view,
                         [f"hit@{k}" for k in ks] + ["MRR"], _quality))
    console.print(_table("Complete: all@k (every evidence item in the top k) and recall latency", view,
                         [f"all@{k}" for k in ks] + ["p50 ms", "p95 ms"], _completeness))
    console.print(_footer(view), soft_wrap=True)


def _quality(s: Summary) -> list[str]:
    return [f"{v:.3f}" for v in (*s.hit_at, s.mrr)]


def _completeness(s: Summary) -> list[str]:
    return [f"{v:.3f}" for v in s.all_at] + [f"{s.p50_ms:.1f}", f"{s.p95_ms:.1f}"]


def _table(title: str, view: EvalReport, headers: list[str], cells: Cells) -> Table:
    table = Table(title=title, box=box.SIMPLE_HEAD, title_justify="left")
    for header in ("category", "system", "n", *headers):
        table.add_column(header, justify="left" if header in ("category", "system") else "right",
                         no_wrap=True)
    per_system = {system: view.summaries(system) for system in view.systems}
    for category in per_system[System.PRODUCT]:
        for i, system in enumerate(view.systems):
            summary = per_system[system][category]
            style = "bold" if system is System.PRODUCT else "dim"
            table.add_row(category if i == 0 else "", system.value, str(summary.questions),
                          *cells(summary), style=style)
        table.add_section()
    return table


def _footer(view: EvalReport) -> str:
    ing, skip = view.ingestion, view.skipped
    return (
        f"{view.samples} samples, {ing.turns} turns -> {ing.stored} memories "
        f"({ing.duplicates} duplicate turns joined, {ing.superseded} superseded, {ing.failed} refused) "
        f"in {ing.seconds:.1f} s.\n"
        f"{len(view.questions)} questions scored; skipped {skip.adversarial} adversarial, "
        f"{skip.no_evidence} without evidence, {skip.unresolvable} with unresolvable evidence; "
        f"{skip.unresolved_ids} evidence ids name no turn. Total {view.seconds:.1f} s."
    )
