"""The standard-library front of `abzu recall | remember | star | status` (issue 13 item 1).

typer, click and rich cost ~150 ms before a command starts; agents and scripts call these four
commands most and read plain text or JSON. The launcher hands them here unless `--help` is
asked. Whatever this parser does not accept as it stands (a usage error, a mistyped value, an
unknown option, a setting it cannot read) goes back to the typer CLI untouched (`None`), so
help, error messages and exit codes stay typer's own; only the happy path is short.
"""

from collections.abc import Sequence
from typing import Any

from abzu.entrypoints.cli.fast_options import COMMANDS
from abzu.entrypoints.cli.fast_parse import UNSURE, parse_plain


def parse(argv: Sequence[str]) -> tuple[str, dict[str, Any]] | None:
    """(command, values by parameter name), or None when typer should take the command line."""
    if not argv or argv[0] not in COMMANDS or {"-h", "--help"} & set(argv):
        return None
    values: dict[str, Any] | str | None = parse_plain(COMMANDS[argv[0]], argv[1:])
    if values == UNSURE:  # the rarer forms: argparse, as this front always read them
        from abzu.entrypoints.cli.fast_argparse import parse_args

        values = parse_args(argv[0], COMMANDS[argv[0]], argv[1:])
    if values is None or isinstance(values, str):  # WRONG: a usage error typer words
        return None
    floor = values.get("floor")
    if floor is not None and not 0.0 <= floor <= 1.0:
        return None  # typer words the range error
    return argv[0], values


def main(argv: Sequence[str]) -> int | None:
    """The exit code, or None when the typer CLI should run this command line instead."""
    parsed = parse(argv)
    if parsed is None:
        return None
    from abzu.entrypoints.wiring.light_settings import StoreValues

    values = StoreValues.from_env()
    if values is None:
        return None  # a setting this reader cannot vouch for: Settings reports it
    from abzu.entrypoints.cli.fast_run import run

    return run(parsed[0], parsed[1], values)

