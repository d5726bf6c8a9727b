"""`abzu config list | get | set | unset`: the config file `~/.enki/config.toml` (issue 19)."""

from typing import Annotated

import typer

from abzu.entrypoints.cli.context import fail, one_line_errors
from abzu.entrypoints.cli.lazy import new_app

config_app = new_app(
    help="Settings: the environment (ABZU_*) wins over the config file, which wins over defaults.",
    no_args_is_help=True,
)
KeyArg = Annotated[str, typer.Argument(help="A setting, as `abzu config list` names it.")]


def register(app: typer.Typer) -> None:
    app.add_typer(config_app, name="config")


@config_app.command("list")
def list_settings(json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False) -> None:
    """Every setting with its value and its source (env, file or default); keys are hidden."""
    import dataclasses
    import json as json_lib

    from abzu.entrypoints.config_file import config_path
    from abzu.entrypoints.config_values import describe_all

    with one_line_errors():
        path, rows = config_path(), describe_all(config_path())
        if json:
            payload = {"file": str(path), "settings": [dataclasses.asdict(r) for r in rows]}
            typer.echo(json_lib.dumps(payload, indent=2))
            return
        typer.echo(f"config file: {path}{'' if path.exists() else ' (not created yet)'}")
        for row in rows:
            typer.echo(f"{row.key} = {row.value if row.value is not None else '(not set)'}  [{row.source}]")


@config_app.command("get")
def get_setting(key: KeyArg) -> None:
    """Print one setting's value (a key is shown hidden)."""
    from abzu.entrypoints.config_file import config_path
    from abzu.entrypoints.config_values import describe_all

    with one_line_errors():
        found = [r for r in describe_all(config_path()) if r.key == key]
        if not found:
            fail(f"unknown setting {key!r}: see `abzu config list`")
        typer.echo(found[0].value if found[0].value is not None else "")


@config_app.command("set")
def set_setting(key: KeyArg, value: Annotated[str, typer.Argument(help="The new value.")]) -> None:
    """Write one setting to the config file (validated first; the file is 0600 if it holds a key)."""
    from abzu.entrypoints.config_file import config_path, read_config, write_config
    from abzu.entrypoints.config_values import validated

    with one_line_errors():
        path = config_path()
        values = {**read_config(path), key: validated(key, value)}
        write_config(path, values)
        typer.echo(f"{key} set in {path}")
        _warn_if_overridden(key)


@config_app.command("unset")
def unset_setting(key: KeyArg) -> None:
    """Remove one setting from the config file (its default, or the environment, applies again)."""
    from abzu.entrypoints.config_file import config_path, read_config, write_config

    with one_line_errors():
        path = config_path()
        values = read_config(path)
        if values.pop(key, None) is None:
            typer.echo(f"{key} is not in {path}: nothing changed")
            return
        write_config(path, values)
        typer.echo(f"{key} removed from {path}")


def _warn_if_overridden(key: str) -> None:
    from abzu.entrypoints.config_values import env_override

    variable = env_override(key)
    if variable:
        typer.echo(f"note: {variable} is set in this environment and wins over the file", err=True)
