"""Human-readable output of `abzu scrub`: what changed where, then one total line."""

from rich.markup import escape
from rich.table import Table

from abzu.entrypoints.cli.render import console
from abzu.entrypoints.cli.scrub_views import ScrubView


def scrubbed(view: ScrubView) -> None:
    changed = [c for c in view.counts if c.changed]
    if changed:
        table = Table(title="Would change (dry run)" if view.dry_run else "Changed")
        table.add_column("where", overflow="fold", ratio=2)
        table.add_column("table / file", overflow="fold", ratio=1)
        table.add_column("items", justify="right", no_wrap=True)
        for previous, count in zip([None, *changed], changed, strict=False):
            same = previous is not None and previous.target == count.target
            table.add_row("" if same else escape(count.target), escape(count.place), str(count.changed))
        console.print(table)
    verb = "would change" if view.dry_run else "changed"
    console.print(f"{view.changed} item(s) {verb} of {view.scanned} checked.")
    if not view.dry_run:
        console.print("Search indexes rebuilt, freed pages zeroed, stores vacuumed.")
