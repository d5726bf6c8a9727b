"""The `abzu` command."""

from typing import TYPE_CHECKING, Any

import typer

from abzu.entrypoints.cli.context import lazy_container
from abzu.entrypoints.cli.lazy import Table, lazy_group

if TYPE_CHECKING:
    from abzu.entrypoints.container import Container

HELP = """Abzu: memory for AI coding agents.

Preferences go straight to permanent memory (wisdom.db); decisions, learnings, patterns and fixes are \
staged (abzu.db) until reviewed.

Data lives in ~/.enki unless ABZU_HOME says otherwise.
"""

# One line per command module: (module in abzu.entrypoints.cli, the commands it registers).
# A module is imported only when one of its commands runs (or for --help).
COMMANDS: Table = (
    ("memory", ("remember", "recall", "star", "status")),
    ("review", ("review", "candidates", "unflag")),
    ("serve", ("mcp",)),
    ("redact_command", ("redact",)),
    ("session_commands", ("hook", "finalize", "recover", "snapshot", "install", "uninstall")),
    ("scrub_command", ("scrub",)),
    ("eval_commands", ("eval",)),
    ("import_command", ("import-sessions",)),
    ("migrate_command", ("migrate-enki",)),
    ("profile_command", ("profile",)),
    ("complete_command", ("complete-project",)),
    ("doctor_command", ("doctor",)),
    ("history_command", ("history",)),
    ("archive_commands", ("export", "import")),
)


def create_app(container: "Container | None" = None) -> typer.Typer:
    app = typer.Typer(cls=lazy_group(COMMANDS, lazy_container(container)), help=HELP,
                      no_args_is_help=True, add_completion=False, pretty_exceptions_enable=False)
    app.callback()(_root)  # a callback makes typer build a group even though no command is added
    return app


def _root() -> None:
    """Abzu: memory for AI coding agents."""


def main() -> None:
    """Usage errors (`--limit abc`, a missing option) are one line on stderr and exit 1, like
    every other failure of a command: scripts and agents read the first line only."""
    usage_error, no_args = _usage_errors()
    try:
        code = create_app()(standalone_mode=False)
    except no_args:  # typer has already printed the help
        raise SystemExit(0) from None
    except usage_error as exc:
        hint = f" (see `{exc.ctx.command_path} --help`)" if exc.ctx else ""
        typer.echo(f"error: {exc.format_message()}{hint}", err=True)
        raise SystemExit(1) from None
    except typer.Abort:
        typer.echo("aborted", err=True)
        raise SystemExit(1) from None
    raise SystemExit(code if isinstance(code, int) else 0)


def _usage_errors() -> tuple[Any, Any]:
    # Typer 0.29 vendors click and raises its own copies of click's exceptions.
    from typer._click.exceptions import NoArgsIsHelpError, UsageError

    return UsageError, NoArgsIsHelpError
