"""Providers of issue 15 (doctor, export/import), a sub-container of entrypoints/container.py.

Reached as `container.trust.<provider>()`. Doctor reads the files directly (paths, not engines):
opening a store through the container would migrate it before doctor could look.
"""

from pathlib import Path

from dependency_injector import containers, providers
from sqlalchemy import Engine

from abzu.adapters.home_permissions import HomePermissions
from abzu.adapters.sqlite.archive import SqliteArchive
from abzu.adapters.sqlite.store_health import SqliteStoreHealth
from abzu.application.archive import ExportMemory, ImportMemory
from abzu.application.doctor import RunDoctor


class TrustProviders(containers.DeclarativeContainer):
    config = providers.Configuration()
    wisdom_engine: providers.Dependency[Engine] = providers.Dependency()
    staging_engine: providers.Dependency[Engine] = providers.Dependency()

    doctor = providers.Factory(
        RunDoctor,
        checks=providers.List(
            providers.Factory(SqliteStoreHealth, path=config.wisdom_path, store="wisdom"),
            providers.Factory(SqliteStoreHealth, path=config.staging_path, store="staging"),
            providers.Factory(HomePermissions, home=providers.Callable(Path, config.home)),
        ),
    )
    archive = providers.Factory(SqliteArchive, wisdom=wisdom_engine, staging=staging_engine)
    export_memory = providers.Factory(ExportMemory, store=archive)
    import_memory = providers.Factory(ImportMemory, store=archive)
