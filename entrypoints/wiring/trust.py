"""Providers of issue 15 (doctor, export/import, review spend and cadence), a sub-container of
entrypoints/wiring/container.py.

Reached as `container.trust.<provider>()`. Doctor reads the files directly (paths, not stores):
opening a store through the container would migrate it before doctor could look. Targets are
imported when first resolved (wiring/deferred.py).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from dependency_injector import containers, providers

from abzu.entrypoints.wiring.deferred import deferred

if TYPE_CHECKING:
    from abzu.adapters.sqlite.sqlite3_store import Sqlite3Store
    from abzu.application.ports import Clock


class TrustProviders(containers.DeclarativeContainer):
    config = providers.Configuration()
    clock: providers.Dependency[Clock] = providers.Dependency()
    wisdom: providers.Dependency[Sqlite3Store] = providers.Dependency()
    staging: providers.Dependency[Sqlite3Store] = providers.Dependency()

    doctor = providers.Factory(
        deferred("application.doctor:RunDoctor"),
        checks=providers.List(
            providers.Factory(deferred("adapters.sqlite.store_health:SqliteStoreHealth"),
                              path=config.wisdom_path, store="wisdom"),
            providers.Factory(deferred("adapters.sqlite.store_health:SqliteStoreHealth"),
                              path=config.staging_path, store="staging"),
            providers.Factory(deferred("adapters.home_permissions:HomePermissions"),
                              home=providers.Callable(Path, config.home)),
        ),
    )
    spend_ledger = providers.Factory(deferred("adapters.sqlite.review_spend:SqliteSpendLedger"),
                                     staging=staging)
    ceiling = providers.Singleton(
        deferred("domain.review.spend:SpendCeiling"), max_tokens=config.review_monthly_tokens,
        max_cost=config.review_monthly_usd,
    )
    cadence = providers.Singleton(
        deferred("domain.review.cadence:ReviewCadence"), mini_days=config.review_mini_days,
        full_days=config.review_full_days, staged_limit=config.review_staged_limit,
    )
    review_state = providers.Factory(
        deferred("application.review.spend:GetReviewState"), ledger=spend_ledger, clock=clock,
        ceiling=ceiling, cadence=cadence,
    )
    # import is a person's command: what it writes is recorded as the cli's
    archive = providers.Factory(deferred("adapters.sqlite.archive:SqliteArchive"), wisdom=wisdom,
                                staging=staging, actor="cli")
    export_memory = providers.Factory(deferred("application.archive:ExportMemory"), store=archive)
    import_memory = providers.Factory(deferred("application.archive:ImportMemory"), store=archive)
    event_log = providers.Factory(deferred("adapters.sqlite.event_log:SqliteEventLog"), wisdom=wisdom,
                                  staging=staging)
    history = providers.Factory(deferred("application.history:History"), events=event_log, clock=clock)
