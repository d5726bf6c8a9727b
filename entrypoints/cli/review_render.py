"""Human-readable review output. Stored and reviewer-written text is escaped: data, not markup."""

from rich.markup import escape
from rich.table import Table

from abzu.domain.quoting import short_line
from abzu.entrypoints.cli.render import console
from abzu.entrypoints.cli.review_views import BatchView, CandidatesView, ReviewView, UndoView
from abzu.entrypoints.views import BeadView

VERBS = {"promote": "promoted", "consolidate": "consolidated", "discard": "discarded",
         "flag": "flagged", "keep": "kept staged"}


def candidates(view: CandidatesView) -> None:
    if not view.candidates:
        console.print(f"Nothing staged{_for(view.project)}.")
        return
    more = " (the oldest; more are staged: --limit 0 lists all)" if view.more else ""
    table = Table(title=f"Staged candidates{_for(view.project)}: {len(view.candidates)}{more}")
    for column in ("id", "category", "project", "staged", "text"):
        table.add_column(column, overflow="fold")
    for c in view.candidates:
        table.add_row(c.id, c.category, escape(c.project or "(global)"),
                      f"{c.created_at:%Y-%m-%d}", escape(short_line(c.summary or c.content, 120)))
    console.print(table)


def review(view: ReviewView) -> None:
    scope = f"project {escape(view.project)}" if view.project else "all projects"
    who = escape(view.model or view.reviewer)
    head = "Dry run (nothing changed)" if view.dry_run else f"Review {view.review_id}"
    console.print(f"[bold]{head}[/]: {view.kind} review of {scope} by {who}; "
                  f"{view.staged} candidate(s) staged, {len(view.batches)} batch(es).")
    for batch in view.batches:
        _batch(batch, view.dry_run)
    counts = ", ".join(f"{n} {VERBS[a]}" for a, n in view.counts.items() if a in VERBS and n)
    console.print(f"Total: {counts or 'no change'}; {view.counts['rejected']} rejected by "
                  f"validation; {view.counts['held_back']} batch(es) held back; "
                  f"{view.counts['failed']} failed.")
    if view.tokens_in or view.tokens_out:
        console.print(f"Tokens {view.tokens_in} in / {view.tokens_out} out, "
                      f"about ${view.cost_estimate_usd:.4f}; {view.duration_ms / 1000:.1f} s.")
    for note in view.notes:
        console.print(f"[yellow]Stopped[/]: {escape(note)}.")
    if view.stopped_early:
        console.print("Stopped early: the remaining candidates stay staged.")
    if view.snapshot:
        console.print("wisdom.db was snapshotted first: [bold]abzu review --undo[/] restores it.")


def _batch(batch: BatchView, dry_run: bool) -> None:
    verb = "would be " if dry_run else ""
    console.print(f"Batch {batch.number}: {batch.candidates} candidate(s), {batch.context} bead(s) "
                  "as context")
    for o in batch.outcomes:
        target = f" -> {o.bead_id}" if o.bead_id else ""
        why = f" ({escape(o.reason)})" if o.reason else ""
        note = f"; {escape(o.note)}" if o.note else ""
        console.print(f"  {verb}{VERBS[o.action]}: {', '.join(o.ids)}{target}{why}{note}")
    for r in batch.rejected:
        console.print(f"  [yellow]rejected[/] ({r.rule}): {escape(', '.join(r.ids))} "
                      f"{escape(r.detail)}")
    for label, text in (("refused", batch.refused), ("held back", batch.held_back),
                        ("failed", batch.error)):
        if text:
            console.print(f"  [red]{label}[/]: {escape(text)}; its candidates stay staged.")


def undone(view: UndoView) -> None:
    console.print(f"Undid review {view.review_id}: wisdom.db restored from "
                  f"{escape(view.snapshot)}; {view.restaged} candidate(s) staged again.")
    if view.kept:
        console.print(f"{view.kept} bead(s) written since that review were kept.")


def unflagged(view: BeadView) -> None:
    console.print(f"Unflagged [bold]{view.id}[/]: it stays in permanent memory.")


def _for(project: str | None) -> str:
    return f" for {escape(project)}" if project else ""
