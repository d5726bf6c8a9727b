"""`abzu hook | finalize | recover | snapshot` (the session lifecycle) and, via
install_commands, `abzu install | uninstall`."""

from typing import Annotated

import typer

from abzu.entrypoints.cli import install_commands
from abzu.entrypoints.cli.context import Sources, fail, one_line_errors

EVENT_HELP = "session-start, pre-compact, post-compact, stop or session-end."


def register(app: typer.Typer, sources: Sources) -> None:
    commands = SessionCommands(sources)
    for command in (commands.hook, commands.finalize, commands.recover):
        app.command()(command)
    app.command(hidden=True)(commands.snapshot)
    install_commands.register(app)


class SessionCommands:
    """Built on the session lifecycle's factory without the container (as the background jobs
    are), unless a container was handed in (tests)."""

    def __init__(self, sources: Sources) -> None:
        self._sources = sources

    def hook(self, event: Annotated[str, typer.Argument(help=EVENT_HELP)]) -> None:
        """Run a Claude Code hook: reads the hook's JSON on stdin, prints context where Claude Code
        accepts it, always exits 0 (failures go to Abzu's log). Installed by `abzu install`."""
        from abzu.entrypoints.hooks.main import main as hook_main

        raise typer.Exit(hook_main([event]))

    def finalize(self, session_id: Annotated[str, typer.Argument(help="Claude Code session id.")]) -> None:
        """Reconcile a session into its final summary, stage its candidates, run maintenance.
        The SessionEnd hook runs the same work in the background."""
        from abzu.entrypoints.session_jobs import finalize

        with one_line_errors():
            error = finalize(self._sources.lifecycle(), session_id, typer.echo)
            if error is not None:
                fail(error)

    def recover(
        self,
        exclude: Annotated[str | None, typer.Option(help="Session id to leave alone (starting now).")] = None,
        all_projects: Annotated[bool, typer.Option("--all-projects", help="Not just this project.")] = False,
    ) -> None:
        """Finalise sessions that never got a final summary (crashed, or SessionEnd cut short).
        Every session start runs the same work in the background."""
        from abzu.entrypoints.session_jobs import recover

        with one_line_errors():
            projects, idle = self._sources.recovery()
            recover(self._sources.lifecycle(), exclude, all_projects, projects, idle, typer.echo)

    def snapshot(
        self,
        session_id: Annotated[str, typer.Argument(help="Claude Code session id.")],
        transcript: Annotated[str | None, typer.Option(help="The session's transcript.")] = None,
        trigger: Annotated[str | None, typer.Option(help="manual or auto.")] = None,
    ) -> None:
        """PreCompact's snapshot (the hook runs the same work in the background)."""
        from abzu.entrypoints.session_jobs import snapshot

        with one_line_errors():
            snapshot(self._sources.lifecycle, session_id, transcript, trigger)
