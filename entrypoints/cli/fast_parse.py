"""A hand parser for the plain forms of the fast commands (issue 13: argparse and gettext cost a
few milliseconds of every `abzu recall`). It reads the table in fast_options.py and takes only
what it is sure of: `--opt value`, `--opt=value`, `-p value`, flags, one positional. Anything
else (a value that looks like an option, `--`, bundled short flags) is `UNSURE` and goes to the
argparse reader in fast.py, which answers as before; typer stays the judge of errors."""

from collections.abc import Sequence
from typing import Any

from abzu.entrypoints.cli.fast_options import Param

UNSURE = "unsure"  # not this parser's to decide
WRONG = "wrong"  # a usage error: typer words it


def parse_plain(params: Sequence[Param], args: Sequence[str]) -> dict[str, Any] | str:
    """Values by parameter name (defaults filled), or UNSURE / WRONG."""
    by_flag = {flag: p for p in params for flag in p.flags}
    values: dict[str, Any] = {p.name: p.default for p in params}
    given: list[str] = []
    i = 0
    while i < len(args):
        arg = args[i]
        if arg == "-" or not arg.startswith("-"):
            given.append(arg)
            i += 1
            continue
        name, eq, inline = arg.partition("=")
        param = by_flag.get(name)
        if param is None or (eq and param.kind == "flag"):
            return UNSURE  # unknown, abbreviated or bundled: argparse decides
        i = _option(param, inline if eq else None, args, i + 1, values)
        if i < 0:
            return UNSURE if i == -1 else WRONG
    return _finish(params, given, values)


def _option(param: Param, inline: str | None, args: Sequence[str], i: int, values: dict[str, Any]) -> int:
    """The index after the option's value; -1 unsure (a value that looks like an option or
    none at all), -2 a value not of the option's type."""
    if param.kind == "flag":
        values[param.name] = True
        return i
    if inline is None:
        if i == len(args) or (args[i].startswith("-") and args[i] != "-"):
            return -1
        inline, i = args[i], i + 1
    return i if _set(values, param, inline) else -2


def _set(values: dict[str, Any], param: Param, raw: str) -> bool:
    """False: not a value of the parameter's type (argparse would call the same `type`)."""
    try:
        value = param.type(raw)
    except ValueError:
        return False
    if param.kind == "many":
        values[param.name] = [*(values[param.name] or ()), value]
    else:  # given twice: the last one counts, as argparse and click have it
        values[param.name] = value
    return True


def _finish(params: Sequence[Param], given: list[str], values: dict[str, Any]) -> dict[str, Any] | str:
    positional = [p for p in params if not p.flags]
    missing = any(p.required and p.flags and values[p.name] is None for p in params)
    if missing or len(given) != len(positional):
        return WRONG
    for param, raw in zip(positional, given, strict=True):
        values[param.name] = raw
    return values
