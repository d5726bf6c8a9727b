"""Human-readable output of `abzu scrub`: the places that changed, then one total line."""

from rich.markup import escape
from rich.table import Table

from abzu.entrypoints.cli.render import console
from abzu.entrypoints.scrub_views import ScrubView


def scrubbed(view: ScrubView) -> None:
    changed = [c for c in view.counts if c.changed]
    if changed:
        table = Table(title="Would change (dry run)" if view.dry_run else "Changed")
        for column in ("where", "table / file", "checked", "changed"):
            table.add_column(column, overflow="fold", justify="right" if column[0] == "c" else "left")
        for c in changed:
            table.add_row(escape(c.target), escape(c.place), str(c.scanned), str(c.changed))
        console.print(table)
    verb = "would change" if view.dry_run else "changed"
    console.print(f"{view.changed} item(s) {verb} of {view.scanned} checked.")
    if not view.dry_run:
        console.print("Search indexes rebuilt, freed pages zeroed, stores vacuumed.")
