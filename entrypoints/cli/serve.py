"""`abzu mcp`: the MCP server on stdio (spec §15)."""

from typing import Annotated

import typer

HELP = (
    "Serve Abzu's memory over MCP on stdin/stdout: tools enki_remember, enki_recall, enki_star and "
    "enki_status. Claude Code starts it itself once registered with:\n\n"
    "claude mcp add --scope user abzu -- abzu mcp\n\n"
    "The project is the git repository of $CLAUDE_PROJECT_DIR (Claude Code sets it), else of the "
    "working directory. stdout carries protocol messages only; logs go to abzu.log in the data home.\n\n"
    "--as names the consumer (spec §13): agent (default, every tool), pm (recall and status only), "
    "em (recall, status, remember of non-preferences: stages candidates), uru (status only). "
    "Refused calls are tool errors, logged."
)
CONSUMERS = ("agent", "pm", "em", "uru")


def register(app: typer.Typer) -> None:
    @app.command("mcp", help=HELP)
    def serve_mcp(
        consumer: Annotated[str, typer.Option("--as", help="agent, pm, em or uru.")] = "agent",
    ) -> None:
        from abzu.domain.enki.consumers import parse_consumer

        who = parse_consumer(consumer)
        if who is None:
            typer.echo(f"error: unknown consumer {consumer!r}: use one of {', '.join(CONSUMERS)}", err=True)
            raise typer.Exit(code=1)
        from abzu.entrypoints.mcp_server import main  # the MCP SDK is slow to import: only here

        main(who, argv=[])  # `abzu mcp` takes no server arguments
