"""The options of the four fast commands, as data: the stdlib parser is built from this table
and a parity test compares it with what the typer commands declare (tests/unit/test_fast_cli.py),
so the two doors cannot drift apart."""

from typing import NamedTuple


class Param(NamedTuple):
    name: str  # the Python parameter name (typer's and click's `param.name`)
    flags: tuple[str, ...]  # empty: a positional argument
    kind: str = "one"  # "one" (a value), "many" (repeatable), "flag" (boolean switch)
    default: object = None
    required: bool = False
    type: type = str


JSON = Param("json", ("--json",), "flag", False)
PROJECT = Param("project", ("--project", "-p"))

COMMANDS: dict[str, tuple[Param, ...]] = {
    "remember": (
        Param("content", (), required=True),
        Param("category", ("--category", "-c"), required=True),
        PROJECT,
        Param("is_global", ("--global",), "flag", False),
        Param("summary", ("--summary",)),
        Param("tag", ("--tag",), "many"),
        Param("context", ("--context",)),
        Param("files", ("--files", "--file"), "many"),
        Param("commands", ("--commands", "--command"), "many"),
        JSON,
    ),
    "recall": (
        Param("query", (), required=True),
        Param("scope", ("--scope",), default="project"),
        PROJECT,
        Param("limit", ("--limit",), default=10, type=int),
        Param("floor", ("--floor",), type=float),
        JSON,
    ),
    "star": (Param("bead_id", (), required=True), JSON),
    "status": (JSON,),
}
