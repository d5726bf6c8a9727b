"""Human-readable output (rich). Stored text is printed as data: markup in it is escaped."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich import box
from rich.console import Console
from rich.markup import escape
from rich.table import Table

if TYPE_CHECKING:  # annotations only: `abzu recall` prints its table without pydantic
    from abzu.entrypoints.recall_views import RecallItem, RecallView
    from abzu.entrypoints.views import (
        BeadView,
        RememberView,
        ReviewStateView,
        SemanticView,
        StatusView,
    )

console = Console()


def remembered(view: RememberView) -> None:
    where = "permanent memory (wisdom)" if view.destination == "wisdom" else "staging (awaits review)"
    scope = view.project or "global"
    match view.outcome:
        case "skipped-duplicate":
            console.print(f"Already remembered as [bold]{view.id}[/] in {where}; nothing added.")
        case "superseded":
            console.print(f"Stored [bold]{view.id}[/] in {where} for {escape(scope)}; "
                          f"it supersedes {view.superseded_id}.")
        case _:
            console.print(f"Stored [bold]{view.id}[/] in {where} for {escape(scope)}.")
    if view.redactions:
        console.print(f"[yellow]{view.redactions} secret(s) redacted before storing.[/]")


def recalled(view: RecallView) -> None:
    if not view.results:
        console.print(f"No memories match {escape(view.query)!r} (scope: {view.scope}).")
        return
    table = Table(title=f"Recall: {escape(view.query)}  (scope {view.scope}, "
                        f"project {escape(view.project or '-')})",
                  caption="staged, by agent = not reviewed yet, ranked below reviewed beads",
                  box=box.SIMPLE_HEAD)
    table.add_column("id", no_wrap=True)
    table.add_column("score", no_wrap=True, justify="right")
    table.add_column("kind", no_wrap=True)
    table.add_column("project", max_width=16, overflow="fold")
    table.add_column("text", ratio=1, min_width=20, overflow="fold")
    for item in view.results:
        kind = item.category if item.reviewed else f"{item.category}\n[yellow]{_unreviewed(item)}[/]"
        kind += f"\n[red]{escape(item.stale)}[/]" if item.stale else ""  # a fixed label, escaped anyway
        kind += f"\n[cyan]team: {escape(item.author)}[/]" if item.author else ""
        text = f"[bold]{escape(item.title)}[/]\n{escape(item.text)}" if item.title else escape(item.text)
        table.add_row(item.id, f"{item.score:.3f}", kind, escape(item.project or "(global)"), text)
    console.print(table)


def _unreviewed(item: RecallItem) -> str:
    return "by agent" if item.vouched_by == "agent" else "staged"


def starred(view: BeadView) -> None:
    console.print(f"Starred [bold]{view.id}[/] ({view.category}): weight {view.weight:.1f}, "
                  "never decays.")


def status(view: StatusView) -> None:
    table = Table(title="Abzu memory", show_header=False)
    table.add_column("what")
    table.add_column("value", overflow="fold")
    table.add_row("beads", str(view.beads))
    table.add_row("  by category", _pairs(view.beads_by_category))
    table.add_row("  by project", _pairs(view.beads_by_project))
    table.add_row("staged candidates", f"{view.staged}  {_pairs(view.staged_by_project)}")
    table.add_row("starred", str(view.starred))
    table.add_row("flagged for deletion", str(view.flagged_for_deletion))
    table.add_row("weights", _pairs(view.weights))
    table.add_row("last review", view.last_review_at.isoformat() if view.last_review_at else "never")
    if view.sessions is not None:
        s = view.sessions
        table.add_row("sessions", f"captured: {s.captured}, recovered: {s.recovered}, "
                                  f"pending: {s.pending}{_capped(s.capped)}, "
                                  f"journal entries waiting: {s.spooled}, "
                                  f"missed transcripts: {s.missed}")
        table.add_row("distillations", f"{escape(s.distillation)} · done: {s.distilled}, "
                                       f"failed: {s.distill_failed}, skipped: {s.distill_skipped}")
    if view.review is not None:
        table.add_row("review", _review_state(view.review))
    if view.semantic is not None:
        table.add_row("semantic", _semantic(view.semantic))
    for store in view.stores:
        table.add_row(store.name, f"{escape(store.path)} ({store.size_bytes / 1024:.0f} KiB)")
    console.print(table)


def _semantic(s: SemanticView) -> str:
    if s.model is None:
        return 'on, but recall is lexical: pip install "abzu[semantic]"'
    return f"embedded {s.embedded:,} / {s.total:,} ({s.model})"


def _review_state(r: ReviewStateView) -> str:
    due = f"due: {r.due}" if r.due else "not due"
    ceilings = [f"{r.ceiling_tokens:,} tokens" if r.ceiling_tokens else "",
                f"${r.ceiling_usd:.2f}" if r.ceiling_usd else ""]
    ceiling = " / ".join(c for c in ceilings if c) or "no ceiling"
    return (f"{escape(due)}; spent this month: {r.spent_tokens_this_month:,} tokens, "
            f"${r.spent_usd_this_month:.4f} (ceiling {ceiling})")


def _pairs(counts: dict[str, int]) -> str:
    return escape(", ".join(f"{k}: {v}" for k, v in counts.items()) or "-")


def _capped(count: int) -> str:
    return f" ({count} over the per-session cap, rest mined at the next recovery)" if count else ""
