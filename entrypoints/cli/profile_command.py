"""`abzu profile [set KEY VALUE]`: the user profile of spec §16."""

import json as jsonlib
from typing import Annotated

import typer
from returns.result import Failure, Success

from abzu.domain.enki.profile import ProfileEntry
from abzu.entrypoints.cli.context import ContainerSource, fail, one_line_errors
from abzu.entrypoints.cli.lazy import new_app
from abzu.entrypoints.cli.memory import JsonFlag

HELP = """The user profile: short facts about you, one value per key.

Explicit entries (stated by you) are shown to the agent at every session start, inside the
persona; inferred and codebase ones are kept for Enki's other parts. `abzu profile` lists them.
"""


def register(app: typer.Typer, container: ContainerSource) -> None:
    profile = new_app(help=HELP, invoke_without_command=True, no_args_is_help=False)

    @profile.callback()
    def show(ctx: typer.Context, json: JsonFlag = False) -> None:
        if ctx.invoked_subcommand is None:
            _list(container, json)

    @profile.command("set")
    def set_(
        key: Annotated[str, typer.Argument(help="e.g. editor, language, test-style.")],
        value: Annotated[str, typer.Argument(help="One line.")],
        source: Annotated[str, typer.Option(help="explicit, inferred or codebase.")] = "explicit",
        project: Annotated[str | None, typer.Option("--project", "-p", help="Only for this project.")] = None,
    ) -> None:
        """Set KEY to VALUE (replacing any earlier value of KEY)."""
        from abzu.entrypoints.wiring.enki import set_profile

        with one_line_errors():
            match set_profile(container()).execute(key, value, source, project):
                case Success(ProfileEntry() as e):
                    typer.echo(_line(e))
                case Failure(err):
                    fail(err.message)

    app.add_typer(profile, name="profile")


def _list(container: ContainerSource, json: bool) -> None:
    from abzu.entrypoints.wiring.enki import list_profile  # SQLAlchemy: only when it runs

    with one_line_errors():
        entries = list_profile(container()).execute()
    if json:
        typer.echo(jsonlib.dumps([_plain(e) for e in entries], indent=2))
    elif not entries:
        typer.echo("The profile is empty: add to it with `abzu profile set KEY VALUE`.")
    for e in entries if not json else ():
        typer.echo(_line(e))


def _line(e: ProfileEntry) -> str:
    """Stored text through the one renderer (domain/quoting.py): an inferred value comes from a
    transcript, and a terminal obeys escape sequences."""
    from abzu.domain.quoting import one_line

    where = f" [{one_line(e.project)}]" if e.project else ""
    return f"{one_line(e.key)} = {one_line(e.value)}  ({e.source.value}{where})"


def _plain(e: ProfileEntry) -> dict[str, object]:
    return {"key": e.key, "value": e.value, "source": e.source.value, "project": e.project,
            "updated_at": e.updated_at.isoformat()}
