"""`abzu loops [done ID]`: what earlier sessions left open (issue 29), for a person to see and
dismiss. Session start shows the newest few of them in the briefing."""

import json as jsonlib
from typing import Annotated

import typer
from returns.result import Failure, Success

from abzu.domain.quoting import short_line  # the one renderer: neutralised, one line
from abzu.domain.sessions.loops import KIND_LABELS
from abzu.domain.sessions.open_loop import OpenLoop
from abzu.entrypoints.cli.context import ContainerSource, fail, one_line_errors
from abzu.entrypoints.cli.lazy import new_app
from abzu.entrypoints.cli.memory import JsonFlag

HELP = """Open loops: tasks left pending, changes not done and errors left unresolved by \
earlier sessions of a project.

Each stays in the project's session-start briefing (the newest 5) until a later session \
resolves it (the same task completed, a fix on the same command or file) or you dismiss it \
with `abzu loops done ID`. `abzu loops` lists those of this folder's project.
"""
ProjectOpt = Annotated[str | None, typer.Option("--project", "-p", help="Not the folder's project.")]
AllOpt = Annotated[bool, typer.Option("--all", help="Every project.")]
ClosedOpt = Annotated[bool, typer.Option("--closed", help="Resolved and dismissed ones too.")]


def register(app: typer.Typer, container: ContainerSource) -> None:
    loops = new_app(help=HELP, invoke_without_command=True, no_args_is_help=False)

    @loops.callback()
    def listing(ctx: typer.Context, project: ProjectOpt = None, every: AllOpt = False,
                closed: ClosedOpt = False, json: JsonFlag = False) -> None:
        if ctx.invoked_subcommand is None:
            _list(container, project, every, closed, json)

    @loops.command("done")
    def done(loop_id: Annotated[str, typer.Argument(help="The loop's id (l-…), from `abzu loops`.")],
             json: JsonFlag = False) -> None:
        """Dismiss an open loop: no briefing shows it again."""
        with one_line_errors():
            outcome = container().sessions.dismiss_loop().execute(loop_id)
        match outcome:
            case Success(OpenLoop() as loop):
                typer.echo(jsonlib.dumps(_plain(loop), indent=2) if json else f"dismissed {loop.id}")
            case Failure(err):
                fail(err.message)

    app.add_typer(loops, name="loops")


def _list(container: ContainerSource, project: str | None, every: bool, closed: bool, json: bool) -> None:
    if every and project:
        fail("give --project NAME or --all, not both")
    with one_line_errors():
        found = container().sessions.list_loops().execute(project=project, every_project=every, closed=closed)
    if json:
        typer.echo(jsonlib.dumps({"project": found.project, "loops": [_plain(lp) for lp in found.loops]},
                                 indent=2))
        return
    where = "every project" if every else f"project {short_line(found.project or '(none)', 60)}"
    if not found.loops:
        typer.echo(f"No {'loops' if closed else 'open loops'} in {where}.")
        return
    typer.echo(f"{'Loops' if closed else 'Open loops'} of {where}, newest first:")
    for loop in found.loops:
        state = "" if loop.is_open else f" [{loop.status}]"
        scope = f" [{short_line(loop.project, 40)}]" if every else ""
        typer.echo(f"{loop.id}  {KIND_LABELS.get(loop.kind, loop.kind)}{state}{scope}  "
                   f"session {short_line(loop.session_id[:8], 8)}  {loop.seen_at:%Y-%m-%d}  "
                   f"{short_line(loop.text, 160)}")
    typer.echo("Dismiss one with `abzu loops done ID`.")


def _plain(loop: OpenLoop) -> dict[str, object]:
    """Stored text neutralised onto one line, as every door shows it."""
    return {"id": loop.id, "project": loop.project, "kind": loop.kind, "status": loop.status,
            "text": short_line(loop.text, 1000), "session_id": loop.session_id,
            "opened_at": loop.opened_at.isoformat(), "seen_at": loop.seen_at.isoformat(),
            "closed_at": loop.closed_at.isoformat() if loop.closed_at else None,
            "closed_by": loop.closed_by}
