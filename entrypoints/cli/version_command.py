"""`abzu version [--json]`: what is installed and which data it works on (`abzu --version`, the
version alone, is the root's option: app.py)."""

from typing import Annotated

import typer
from pydantic import BaseModel

from abzu.entrypoints.version import abzu_version


class StoreVersion(BaseModel):
    path: str
    schema_expected: str
    schema_on_disk: str | None


class VersionView(BaseModel):
    version: str
    python: str
    data_home: str
    stores: dict[str, StoreVersion]


def register(app: typer.Typer) -> None:
    app.command("version")(version_command)


def version_command(
    json: Annotated[bool, typer.Option("--json", help="Print JSON for scripts.")] = False,
) -> None:
    """The version, the Python running it, the data home and each store's schema revision."""
    view = _view()
    if json:
        typer.echo(view.model_dump_json(indent=2))
        return
    typer.echo(f"abzu {view.version} (Python {view.python})")
    typer.echo(f"data home: {view.data_home}")
    for name, store in view.stores.items():
        on_disk = store.schema_on_disk or "not created yet"
        typer.echo(f"{name}: schema {on_disk} (this version writes {store.schema_expected}) {store.path}")


def _view() -> VersionView:
    import platform

    from abzu.adapters.sqlite.migrations.heads import HEADS  # the revisions this Abzu writes
    from abzu.adapters.sqlite.schema_revisions import stored_revision
    from abzu.entrypoints.settings import Settings

    settings = Settings()
    paths = {"wisdom": settings.wisdom_path, "staging": settings.staging_path}
    stores = {
        name: StoreVersion(path=str(path), schema_expected=HEADS[name],
                           schema_on_disk=stored_revision(path))
        for name, path in paths.items()
    }
    return VersionView(version=abzu_version(), python=platform.python_version(),
                       data_home=str(settings.data_home), stores=stores)
