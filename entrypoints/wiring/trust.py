"""Providers of issue 15 (doctor, export/import, review spend and cadence), a sub-container of
entrypoints/wiring/container.py.

Reached as `container.trust.<provider>()`. Doctor reads the files directly (paths, not engines):
opening a store through the container would migrate it before doctor could look.
"""

from pathlib import Path

from dependency_injector import containers, providers
from sqlalchemy import Engine

from abzu.adapters.home_permissions import HomePermissions
from abzu.adapters.sqlite.archive import SqliteArchive
from abzu.adapters.sqlite.event_log import SqliteEventLog
from abzu.adapters.sqlite.review_spend import SqliteSpendLedger
from abzu.adapters.sqlite.store_health import SqliteStoreHealth
from abzu.application.archive import ExportMemory, ImportMemory
from abzu.application.doctor import RunDoctor
from abzu.application.history import History
from abzu.application.ports import Clock
from abzu.application.review.spend import GetReviewState
from abzu.domain.review.spend import ReviewCadence, SpendCeiling


def cadence_from(days: tuple[int, int, int]) -> ReviewCadence:
    mini, full, staged_limit = days
    return ReviewCadence(mini_days=mini, full_days=full, staged_limit=staged_limit)


class TrustProviders(containers.DeclarativeContainer):
    config = providers.Configuration()
    clock: providers.Dependency[Clock] = providers.Dependency()
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
    spend_ledger = providers.Factory(SqliteSpendLedger, staging=staging_engine)
    ceiling = providers.Singleton(
        SpendCeiling, max_tokens=config.review_monthly_tokens, max_cost=config.review_monthly_usd
    )
    cadence = providers.Singleton(cadence_from, config.review_cadence)
    review_state = providers.Factory(
        GetReviewState, ledger=spend_ledger, clock=clock, ceiling=ceiling, cadence=cadence
    )
    # import is a person's command: what it writes is recorded as the cli's
    archive = providers.Factory(SqliteArchive, wisdom=wisdom_engine, staging=staging_engine, actor="cli")
    export_memory = providers.Factory(ExportMemory, store=archive)
    import_memory = providers.Factory(ImportMemory, store=archive)
    event_log = providers.Factory(SqliteEventLog, wisdom=wisdom_engine, staging=staging_engine)
    history = providers.Factory(History, events=event_log, clock=clock)
