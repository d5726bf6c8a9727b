"""The standard-library front of `abzu recall | remember | star | status` (issue 13 item 1).

typer, click and rich cost ~150 ms before a command starts; agents and scripts call these four
commands most and read plain text or JSON. The launcher hands them here unless `--help` is
asked. Whatever this parser does not accept as it stands (a usage error, a mistyped value, an
unknown option, a setting it cannot read) goes back to the typer CLI untouched (`None`), so
help, error messages and exit codes stay typer's own; only the happy path is short.
"""

import argparse
from collections.abc import Sequence
from typing import Any

from abzu.entrypoints.cli.fast_options import COMMANDS, Param


class _NotMine(Exception):
    """This command line is the typer CLI's to answer (usually with a usage error)."""


class _Formatter(argparse.HelpFormatter):
    """add_argument builds a formatter to check each option; a fixed width spares it `shutil`
    (with bz2, lzma, fnmatch), which it imports only to ask the terminal's width. This parser
    prints no help: typer does."""

    def __init__(self, prog: str) -> None:
        super().__init__(prog, width=80)


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> Any:  # argparse would print its usage and exit 2
        raise _NotMine(message)


def parse(argv: Sequence[str]) -> tuple[str, dict[str, Any]] | None:
    """(command, values by parameter name), or None when typer should take the command line."""
    if not argv or argv[0] not in COMMANDS or {"-h", "--help"} & set(argv):
        return None
    parser = _Parser(prog=f"abzu {argv[0]}", add_help=False, allow_abbrev=False, formatter_class=_Formatter)
    for param in COMMANDS[argv[0]]:
        _add(parser, param)
    try:
        values = vars(parser.parse_args(list(argv[1:])))
    except _NotMine:
        return None
    floor = values.get("floor")
    if floor is not None and not 0.0 <= floor <= 1.0:
        return None  # typer words the range error
    return argv[0], values


def _add(parser: argparse.ArgumentParser, param: Param) -> None:
    if not param.flags:
        parser.add_argument(param.name)
    elif param.kind == "flag":
        parser.add_argument(*param.flags, dest=param.name, action="store_true")
    elif param.kind == "many":
        parser.add_argument(*param.flags, dest=param.name, action="append", default=None)
    else:
        parser.add_argument(*param.flags, dest=param.name, type=param.type,
                            default=param.default, required=param.required)


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

