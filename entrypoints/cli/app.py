"""The `abzu` command."""

from typing import TYPE_CHECKING

import typer

from abzu.entrypoints.cli import (
    archive_commands,
    complete_command,
    config_command,
    doctor_command,
    eval_commands,
    history_command,
    import_command,
    manage_commands,
    memory,
    migrate_command,
    profile_command,
    redact_command,
    review,
    scrub_command,
    serve,
    session_commands,
    version_command,
)
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
    redact_command.register(app)
    session_commands.register(app, source)
    scrub_command.register(app, source)
    manage_commands.register(app, source)
    version_command.register(app)
    config_command.register(app)
    doctor_command.register(app, source)
    archive_commands.register(app, source)
    history_command.register(app, source)
    import_command.register(app, source)
    migrate_command.register(app, source)
    profile_command.register(app, source)
    complete_command.register(app, source)
    return app


def main() -> None:
    """Exit codes: 0 ok, 1 the command failed, 2 the command line is wrong (unknown command or
    option, missing or mistyped value). Errors are one line on stderr: scripts and agents read
    the first line only."""
    try:
        code = create_app()(standalone_mode=False)
    except typer.Abort:
        typer.echo("aborted", err=True)
        raise SystemExit(1) from None
    except Exception as exc:
        if not isinstance(exc, _usage_error()):
            raise
        if type(exc).__name__ == "NoArgsIsHelpError":  # typer has already printed the help
            raise SystemExit(0) from None
        ctx = getattr(exc, "ctx", None)
        hint = f" (see `{ctx.command_path} --help`)" if ctx else ""
        typer.echo(f"error: {exc.format_message()}{hint}", err=True)  # type: ignore[attr-defined]
        raise SystemExit(2) from None
    raise SystemExit(code if isinstance(code, int) else 0)


def _usage_error() -> type[Exception]:
    """Typer 0.29 vendors click and raises its own copy of click's UsageError, not exported; its
    public `BadParameter` derives from it (the same name check typer itself uses)."""
    return next(c for c in typer.BadParameter.__mro__ if c.__name__ == "UsageError")
