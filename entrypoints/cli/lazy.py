"""Commands registered by name, their modules imported only when one of them runs.

Importing every command module up front cost more than half a second before any command did
anything (the eval views alone pull in pydantic models and rich progress bars). The root group
knows each command's module and its one-line summary (app.py's COMMANDS): `abzu recall` imports
the memory commands only, and `abzu --help` (or a mistyped command's suggestions) imports none.
"""

import importlib
import inspect
from collections.abc import Mapping, Sequence
from typing import Any

import typer
from typer.core import TyperCommand, TyperGroup

from abzu.entrypoints.cli.context import Sources

# (module under abzu.entrypoints.cli, {command its `register` adds: the summary `--help` lists,
# None for a hidden command}), in help order. The one definition of each summary.
Table = Sequence[tuple[str, Mapping[str, str | None]]]


def new_app(**options: Any) -> typer.Typer:
    """Every Typer app of the CLI: click's plain help and errors. typer's rich help imports
    rich.markdown, markdown_it and rich.traceback (~80 ms, a third of `abzu --help`) to draw boxes;
    issue 31 holds `--help` to 15x the interpreter. Our own exceptions print one line (context.fail)."""
    return typer.Typer(rich_markup_mode=None, pretty_exceptions_enable=False, **options)


def lazy_group(table: Table, source: Sources) -> type[TyperGroup]:
    """A root group class bound to `table`; typer instantiates it (it passes no extra arguments)."""
    where = {name: module for module, names in table for name in names}
    summary = {name: text for _, names in table for name, text in names.items()}

    class LazyGroup(TyperGroup):
        listing = False  # True while the help is written: commands are named, not imported

        def list_commands(self, ctx: Any) -> list[str]:
            return list(where)

        def get_command(self, ctx: Any, cmd_name: str) -> Any:
            if cmd_name not in self.commands and cmd_name in where:
                if self.listing:
                    return _listed(cmd_name, summary[cmd_name])
                _load(self, where[cmd_name], source, summary)
            return self.commands.get(cmd_name)

        def format_help(self, ctx: Any, formatter: Any) -> None:
            self.listing = True
            try:
                super().format_help(ctx, formatter)
            finally:
                self.listing = False

        def resolve_command(self, ctx: Any, args: list[str]) -> Any:
            if args and args[0] not in where:  # a typo: typer suggests from the names it holds
                for name, text in summary.items():
                    self.commands.setdefault(name, _listed(name, text))
            return super().resolve_command(ctx, args)

    return LazyGroup


def _listed(name: str, text: str | None) -> TyperCommand:
    """A command as the help lists it, from the table alone (never run)."""
    return TyperCommand(name, short_help=text, hidden=text is None)


def _load(group: TyperGroup, module_name: str, source: Sources,
          summary: Mapping[str, str | None]) -> None:
    module = importlib.import_module(f"abzu.entrypoints.cli.{module_name}")
    holder = new_app()
    wants_source = len(inspect.signature(module.register).parameters) > 1
    module.register(*((holder, source) if wants_source else (holder,)))
    for name, command in typer.main.get_group(holder).commands.items():
        command.short_help = summary.get(name) or command.short_help
        _whole_summaries(command)
        group.commands.setdefault(name, command)


def _whole_summaries(command: Any) -> None:
    """A sub-command's listing shows its docstring's first paragraph whole: click would cut it to
    45-odd characters and an ellipsis, where typer's rich help (no longer used) showed it all."""
    for sub in getattr(command, "commands", {}).values():
        sub.short_help = sub.short_help or (sub.help or "").split("\n\n")[0].strip() or None
        _whole_summaries(sub)
