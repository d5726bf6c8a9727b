"""The `abzu` command."""

from typing import TYPE_CHECKING, Annotated, Any

import typer

from abzu.entrypoints.cli.context import lazy_container
from abzu.entrypoints.cli.lazy import Table, lazy_group

if TYPE_CHECKING:
    from abzu.entrypoints.wiring.container import Container

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
    ("loops_command", ("loops",)),
    ("complete_command", ("complete-project",)),
    ("doctor_command", ("doctor",)),
    ("history_command", ("history",)),
    ("archive_commands", ("export", "import")),
    ("manage_commands", ("show", "edit", "forget")),
    ("version_command", ("version",)),
    ("config_command", ("config",)),
    ("embed_command", ("embed",)),
    ("ui_command", ("ui",)),
    ("team_command", ("team",)),
)


def create_app(container: "Container | None" = None) -> typer.Typer:
    _flags_take_no_value()
    app = typer.Typer(cls=lazy_group(COMMANDS, lazy_container(container)), help=HELP,
                      no_args_is_help=True, add_completion=False, pretty_exceptions_enable=False)
    app.callback()(_root)  # a callback makes typer build a group even though no command is added
    return app


def _flags_take_no_value() -> None:
    """typer's rich help prints a type beside every option, flags too (`--version <bool>`,
    `--json <bool>`), which reads as if the flag took a value; its plain help leaves flags bare.
    Flags show no type here either (once per process; typer has no setting for it)."""
    from typer.core import TyperOption

    shown = TyperOption.display_type_rich
    if getattr(shown, "abzu_flags_bare", False):
        return

    def display_type_rich(self: TyperOption, ctx: Any) -> str | None:  # typer's own click
        return None if self.is_flag else shown(self, ctx)

    display_type_rich.abzu_flags_bare = True  # type: ignore[attr-defined]
    TyperOption.display_type_rich = display_type_rich  # type: ignore[method-assign]


def _print_version(on: bool) -> None:
    if on:
        from abzu.entrypoints.version import abzu_version

        typer.echo(f"abzu {abzu_version()}")
        raise typer.Exit()


def _root(
    show_version: Annotated[bool, typer.Option(
        "--version", is_eager=True, callback=_print_version, help="Print the version and exit.",
    )] = False,
) -> None:
    """Abzu: memory for AI coding agents."""


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
