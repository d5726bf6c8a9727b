"""`abzu-mcp --help | --version`: answered before the server starts. Anything else on the command
line is an error, never silently ignored (the server would then wait on stdin for a client)."""

import argparse

from abzu.entrypoints.version import abzu_version

DESCRIPTION = (
    "Abzu's MCP server on stdin/stdout: tools enki_remember, enki_recall, enki_star, enki_status. "
    "Claude Code starts it itself once registered: claude mcp add --scope user abzu -- abzu-mcp"
)


def parse(argv: list[str]) -> None:
    """Returns when the server should start; `--help`, `--version` and bad arguments exit
    (0, 0 and 2) with their text on stdout or stderr, before any protocol message."""
    parser = argparse.ArgumentParser(prog="abzu-mcp", description=DESCRIPTION)
    parser.add_argument("--version", action="version", version=f"abzu-mcp {abzu_version()}")
    parser.parse_args(argv)
