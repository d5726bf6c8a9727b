"""The `abzu` command."""

from typing import TYPE_CHECKING

import typer

from abzu.entrypoints.cli import eval_commands, memory, review, serve, session_commands
from abzu.entrypoints.cli.context import lazy_container

if TYPE_CHECKING:
    from abzu.entrypoints.container import Container

HELP = """Abzu: memory for AI coding agents.

Preferences go straight to permanent memory (wisdom.db); decisions, learnings, patterns and fixes are \
staged (abzu.db) until reviewed.

Data lives in ~/.enki unless ABZU_HOME says otherwise.
"""


def create_app(container: "Container | None" = None) -> typer.Typer:
    app = typer.Typer(help=HELP, no_args_is_help=True, add_completion=False,
                      pretty_exceptions_enable=False)
    source = lazy_container(container)
    memory.register(app, source)
    review.register(app, source)
    eval_commands.register(app)
    serve.register(app)
    session_commands.register(app, source)
    return app


def main() -> None:
    create_app()()
