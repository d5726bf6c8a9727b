"""`abzu scrub`: the current redaction rules applied to everything already stored (issue 7)."""

from typing import Annotated

import typer

from abzu.application.scrub.ports import NoScrubProgress
from abzu.application.scrub.scrub_stores import ScrubRequest
from abzu.entrypoints.cli.context import ContainerCommands, ContainerSource, log, one_line_errors
from abzu.entrypoints.cli.memory import JsonFlag
from abzu.entrypoints.cli.progress import RichScrubProgress, shown
from abzu.entrypoints.cli.scrub_render import scrubbed
from abzu.entrypoints.cli.scrub_views import ScrubView

DryRun = Annotated[bool, typer.Option("--dry-run", help="Count what would change; write nothing.")]


def register(app: typer.Typer, container: ContainerSource) -> None:
    app.command()(ScrubCommand(container).scrub)


class ScrubCommand(ContainerCommands):
    def scrub(self, dry_run: DryRun = False, json: JsonFlag = False) -> None:
        """Re-apply the current redaction rules to everything already stored.

        Secrets stored before a rule existed become [REDACTED:…] markers in
        wisdom.db, abzu.db, the review snapshots `abzu review --undo` restores,
        Abzu's log files and the hook spool.

        Then the search indexes are rebuilt, freed pages zeroed, the journal
        emptied and the stores vacuumed: the old values leave the files too.

        Hooks and MCP servers wait while a store is scrubbed.
        Exits 1 if some part could not be cleaned (one line says which).
        """
        with one_line_errors():
            with shown(RichScrubProgress, NoScrubProgress(), enabled=not json) as progress:
                report = self._container().scrub.scrub_stores().execute(ScrubRequest(dry_run), progress)
            log.info("scrub: %d of %d items %s, %d problem(s)", report.changed, report.scanned,
                     "would change (dry run)" if dry_run else "changed", len(report.problems))
            view = ScrubView.of(report)
            if json:
                typer.echo(view.model_dump_json(indent=2))
            else:
                scrubbed(view)
        for problem in report.problems:
            typer.echo(f"error: {problem}", err=True)
        if report.problems:
            raise typer.Exit(code=1)
