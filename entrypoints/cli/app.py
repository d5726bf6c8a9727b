"""The `abzu` command."""

from typing import TYPE_CHECKING, Annotated

import typer

from abzu.entrypoints.cli.context import Sources
from abzu.entrypoints.cli.lazy import Table, lazy_group, new_app

if TYPE_CHECKING:
    from abzu.entrypoints.wiring.container import Container

HELP = """Abzu: memory for AI coding agents.

Preferences go straight to permanent memory (wisdom.db); decisions, learnings, patterns and fixes are \
staged (abzu.db) until reviewed.

Data lives in ~/.enki unless ABZU_HOME says otherwise.
"""

# One line per command module: (module in abzu.entrypoints.cli, {each command it registers: the
# summary `abzu --help` lists, None for a hidden one}). A module is imported only when one of its
# commands runs; the help is written from this table alone.
COMMANDS: Table = (
    ("memory", {
        "remember": "Store a memory: preferences go to permanent memory, the rest to staging for review.",
        "recall": "Search permanent memory and staged candidates, best first.",
        "star": "Pin a bead: it keeps full weight and never decays.",
        "status": "Counts, decay weights, staging, last review and where the databases live.",
    }),
    ("review", {
        "review": "Review staged candidates with Gemini (or by hand): promote, consolidate, discard, flag.",
        "candidates": "List the candidates staged for review (oldest first).",
        "unflag": "Lift a deletion flag before the next maintenance pass deletes the bead.",
    }),
    ("serve", {"mcp": "Serve the memory tools to an agent over MCP (stdio)."}),
    ("redact_command", {"redact": "Show what would be redacted from a text."}),
    ("session_commands", {
        "hook": "Run a Claude Code hook: reads the hook's JSON on stdin, prints context where Claude "
                "Code accepts it, always exits 0 (failures go to Abzu's log). Installed by `abzu install`.",
        "finalize": "Reconcile a session into its final summary, stage its candidates, run "
                    "maintenance. The SessionEnd hook starts this in the background.",
        "recover": "Finalise sessions that never got a final summary (crashed, or SessionEnd cut "
                   "short). Every session start runs this in the background.",
        "snapshot": None,
        "install": "Add Abzu's hooks to Claude Code (idempotent; the previous file is backed up).",
        "uninstall": "Remove exactly the hooks (and with --mcp the server entry) `abzu install` added.",
    }),
    ("scrub_command", {"scrub": "Re-apply the current redaction rules to everything already stored."}),
    ("eval_commands", {"eval": "Measure how well Abzu finds what it was told, on a public benchmark."}),
    ("import_command", {
        "import-sessions": "Mine transcripts Abzu never saw: each becomes a finalised session of the "
                           "project its working folder belongs to, with its candidates staged. "
                           "Running it again adds nothing.",
    }),
    ("migrate_command", {"migrate-enki": "Stage the beads of an old Enki store for review."}),
    ("profile_command", {"profile": "The user profile: short facts about you, one value per key."}),
    ("loops_command", {
        "loops": "Open loops: tasks left pending, changes not done and errors left unresolved by "
                 "earlier sessions of a project.",
    }),
    ("complete_command", {"complete-project": "Stage what a completed project's em.db teaches (spec §6)."}),
    ("doctor_command", {
        "doctor": "Check that the memory is whole: SQLite integrity, search indexes and their "
                  "triggers, schema revision, dangling references, data-home permissions.",
    }),
    ("history_command", {
        "history": "Show one memory's life (staged, promoted, starred, decayed, …), or every change "
                   "in a span. Events hold ids and weights, never content.",
    }),
    ("archive_commands", {
        "export": "Write the whole memory as JSONL: beads, candidates, summaries, projects, profile, "
                  "anchors, derived-from links, history.",
        "import": "Add the records of an export to this memory; records already here are kept.",
    }),
    ("manage_commands", {
        "show": "Show one memory whole, with its provenance.",
        "edit": "Correct a memory: the new text is redacted, re-indexed and checked for duplicates.",
        "forget": "Delete one memory for good (row and search entry); asks first unless --yes.",
    }),
    ("version_command", {
        "version": "The version, the Python running it, the data home and each store's schema revision.",
    }),
    ("config_command", {
        "config": "Settings: the environment (ABZU_*) wins over the config file, which wins over defaults.",
    }),
    ("embed_command", {
        "embed": "Embed every memory that has no vector from the current model (new, changed, or "
                 "embedded by another model); batches are committed as they go, so it can be resumed.",
    }),
    ("ui_command", {"ui": "Browse, search and review your memory in a local web page (Ctrl+C stops it)."}),
    ("team_command", {
        "team": "A team memory: reviewed beads of the team's projects, shared through a PostgreSQL server.",
    }),
)


def create_app(container: "Container | None" = None) -> typer.Typer:
    app = new_app(cls=lazy_group(COMMANDS, Sources(container)), help=HELP,
                  no_args_is_help=True, add_completion=False)
    app.callback()(_root)  # a callback makes typer build a group even though no command is added
    return app


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
        if type(exc).__name__ == "NoArgsIsHelpError":  # `abzu` or `abzu team` alone: its help
            typer.echo(exc.format_message())  # type: ignore[attr-defined]
            raise SystemExit(0) from None
        ctx = getattr(exc, "ctx", None)
        hint = f" (see `{ctx.command_path} --help`)" if ctx else ""
        typer.echo(f"error: {exc.format_message()}{hint}", err=True)  # type: ignore[attr-defined]
        raise SystemExit(2) from None
    raise SystemExit(code if isinstance(code, int) else 0)


def _usage_error() -> type[Exception]:
    """Typer (0.26 on) vendors click and raises its own copy of click's UsageError, not exported;
    its public `BadParameter` derives from it (the same name check typer itself uses)."""
    return next(c for c in typer.BadParameter.__mro__ if c.__name__ == "UsageError")
