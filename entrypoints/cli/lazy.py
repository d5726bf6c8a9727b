"""Commands registered by name, their modules imported only when one of them runs.

Importing every command module up front cost more than half a second before any command did
anything (the eval views alone pull in pydantic models and rich progress bars). Here the root
group knows which module defines which command; `abzu recall` imports the memory commands
only, while `abzu --help` (and a mistyped command, for the suggestions) loads them all.
"""

import importlib
import inspect
from collections.abc import Sequence
from typing import Any

import typer
from typer.core import TyperGroup

from abzu.entrypoints.cli.context import Sources

# (module under abzu.entrypoints.cli, the commands its `register` adds), in help order.
Table = Sequence[tuple[str, tuple[str, ...]]]


def lazy_group(table: Table, source: Sources) -> type[TyperGroup]:
    """A root group class bound to `table`; typer instantiates it (it passes no extra arguments)."""
    where = {name: module for module, names in table for name in names}

    class LazyGroup(TyperGroup):
        def list_commands(self, ctx: Any) -> list[str]:
            return list(where)

        def get_command(self, ctx: Any, cmd_name: str) -> Any:
            if cmd_name not in self.commands and cmd_name in where:
                _load(self, where[cmd_name], source)
            return self.commands.get(cmd_name)

        def resolve_command(self, ctx: Any, args: list[str]) -> Any:
            if args and args[0] not in where:  # a typo: suggestions need every name
                for module, _ in table:
                    _load(self, module, source)
            return super().resolve_command(ctx, args)

    return LazyGroup


def _load(group: TyperGroup, module_name: str, source: Sources) -> None:
    module = importlib.import_module(f"abzu.entrypoints.cli.{module_name}")
    holder = typer.Typer(pretty_exceptions_enable=False)
    wants_source = len(inspect.signature(module.register).parameters) > 1
    module.register(*((holder, source) if wants_source else (holder,)))
    for name, command in typer.main.get_group(holder).commands.items():
        group.commands.setdefault(name, command)
