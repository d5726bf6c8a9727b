"""`abzu mcp`: the MCP server on stdio (spec §15)."""

import typer

HELP = (
    "Serve Abzu's memory over MCP on stdin/stdout: tools enki_remember, enki_recall, enki_star and "
    "enki_status. Claude Code starts it itself once registered with:\n\n"
    "claude mcp add --scope user abzu -- abzu mcp\n\n"
    "The project is the git repository of $CLAUDE_PROJECT_DIR (Claude Code sets it), else of the "
    "working directory. stdout carries protocol messages only; logs go to abzu.log in the data home."
)


def register(app: typer.Typer) -> None:
    @app.command("mcp", help=HELP, short_help="Serve the memory tools to an agent over MCP (stdio).")
    def serve_mcp() -> None:
        from abzu.entrypoints.mcp_server import main  # the MCP SDK is slow to import: only here

        main([])
