"""`abzu hook | finalize | recover | snapshot` (the session lifecycle) and, via
install_commands, `abzu install | uninstall`."""

from datetime import timedelta
from typing import Annotated, Any

import typer
from returns.result import Failure, Success

from abzu.application.sessions.finalize_session import Finalized, FinalizeRequest
from abzu.entrypoints.cli import install_commands
from abzu.entrypoints.cli.context import ContainerSource, fail, one_line_errors

EVENT_HELP = "session-start, pre-compact, post-compact, stop or session-end."


def register(app: typer.Typer, container: ContainerSource) -> None:
    commands = SessionCommands(container)
    for command in (commands.hook, commands.finalize, commands.recover):
        app.command()(command)
    app.command(hidden=True)(commands.snapshot)
    install_commands.register(app)


class SessionCommands:
    def __init__(self, container: ContainerSource) -> None:
        self._container = container

    def hook(self, event: Annotated[str, typer.Argument(help=EVENT_HELP)]) -> None:
        """Run a Claude Code hook: reads the hook's JSON on stdin, prints context where Claude Code
        accepts it, always exits 0 (failures go to Abzu's log). Installed by `abzu install`."""
        from abzu.entrypoints.hooks.main import main as hook_main

        raise typer.Exit(hook_main([event]))

    def finalize(self, session_id: Annotated[str, typer.Argument(help="Claude Code session id.")]) -> None:
        """Reconcile a session into its final summary, stage its candidates, run maintenance.
        The SessionEnd hook starts this in the background."""
        with one_line_errors():
            c = self._container()
            c.sessions.ingest_spool().execute()
            match c.sessions.finalize_session().execute(FinalizeRequest(session_id)):
                case Success(Finalized() as done):
                    typer.echo(_finalized(done))
                    _distil(c, done)
                    _embed(c)
                case Failure(err):
                    fail(err.message)

    def recover(
        self,
        exclude: Annotated[str | None, typer.Option(help="Session id to leave alone (starting now).")] = None,
        all_projects: Annotated[bool, typer.Option("--all-projects", help="Not just this project.")] = False,
    ) -> None:
        """Finalise sessions that never got a final summary (crashed, or SessionEnd cut short).
        Every session start runs this in the background."""
        from abzu.application.sessions.recover_sessions import RecoverRequest

        with one_line_errors():
            c = self._container()
            idle = timedelta(minutes=c.config.recovery_idle_minutes())
            done = c.sessions.recover_sessions().execute(RecoverRequest(exclude, all_projects, idle))
            typer.echo(f"recovered {len(done)} session(s)")
            for item in done:
                typer.echo(f"  {_finalized(item)}")
            _catch_up(c, exclude, idle)
            _embed(c)

    def snapshot(
        self,
        session_id: Annotated[str, typer.Argument(help="Claude Code session id.")],
        transcript: Annotated[str | None, typer.Option(help="The session's transcript.")] = None,
        trigger: Annotated[str | None, typer.Option(help="manual or auto.")] = None,
    ) -> None:
        """PreCompact's snapshot, taken in the background (the hook starts this and returns)."""
        from abzu.application.sessions.capture_pre_compact import PreCompactRequest
        from abzu.entrypoints.data_home import DataHome
        from abzu.entrypoints.hooks.pre_compact import pending_marker

        with one_line_errors():
            try:
                request = PreCompactRequest(session_id, transcript, trigger)
                self._container().sessions.capture_pre_compact().execute(request)
            finally:  # whatever happened, nobody should wait for this snapshot any more
                pending_marker(DataHome.from_env(), session_id).unlink(missing_ok=True)


def _distil(container: Any, done: Finalized) -> None:
    """Distillation after the heuristics (spec §6 step 2); finalize already runs detached."""
    from abzu.entrypoints.settings import Settings
    from abzu.entrypoints.wiring.distill import distill_after

    outcome = distill_after(container, Settings(), done)
    if outcome is not None:
        typer.echo(f"distillation: {outcome.status}, {outcome.created} candidate(s) staged"
                   + (f" ({outcome.detail})" if outcome.detail else ""))


def _finalized(done: Finalized) -> str:
    if done.summary is None:
        return f"{done.session_id}: nothing new to finalise"
    return (f"{done.session_id}: final summary {done.summary.id} from {done.snapshots_merged} "
            f"snapshot(s), {done.candidates_created} candidate(s) staged, "
            f"{done.finals_pruned} old summary(ies) pruned")


def _catch_up(c: Any, exclude: str | None, idle: timedelta) -> None:
    """Transcripts no hook ever saw (Abzu installed later, hooks off) are imported too."""
    from abzu.entrypoints.missed_transcripts import catch_up

    report = catch_up(c, exclude=exclude, idle=idle)
    if report is not None:
        typer.echo(f"imported {report.imported} missed transcript(s), "
                   f"{report.candidates} candidate(s) staged")


def _embed(container: Any) -> None:
    """Semantic search on: embed the memories that are new since the last pass (issue 12.4)."""
    if container.config.semantic():
        from abzu.entrypoints.wiring.semantic import embed_in_background

        embed_in_background(container)
