"""The `abzu` command."""

import typer

from abzu.entrypoints.cli import memory
from abzu.entrypoints.cli.context import lazy_container
from abzu.entrypoints.container import Container

HELP = """Abzu: memory for AI coding agents.

Preferences go straight to permanent memory (wisdom.db); decisions, learnings, patterns and fixes are \
staged (abzu.db) until reviewed.

Data lives in ~/.enki unless ABZU_HOME says otherwise.
"""


def create_app(container: Container | None = None) -> typer.Typer:
    app = typer.Typer(help=HELP, no_args_is_help=True, add_completion=False,
                      pretty_exceptions_enable=False)
    memory.register(app, lazy_container(container))
    return app


def main() -> None:
    create_app()()
