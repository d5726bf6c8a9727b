"""The argparse reader of the fast commands, for the command lines the hand parser
(fast_parse.py) is unsure of: a value that looks like an option, `-pvalue`, `--`. It answers as
the fast front always did; loaded only then (argparse and gettext cost a few milliseconds)."""

import argparse
from collections.abc import Sequence
from typing import Any

from abzu.entrypoints.cli.fast_options import Param


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


def parse_args(command: str, params: Sequence[Param], args: Sequence[str]) -> dict[str, Any] | None:
    """Values by parameter name, or None for a usage error (typer words it)."""
    parser = _Parser(prog=f"abzu {command}", add_help=False, allow_abbrev=False, formatter_class=_Formatter)
    for param in params:
        _add(parser, param)
    try:
        return vars(parser.parse_args(list(args)))
    except _NotMine:
        return None


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
