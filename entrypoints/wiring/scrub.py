"""Providers of `abzu scrub` (issue 20), a sub-container of entrypoints/wiring/container.py.

Reached as `container.scrub.<provider>()`: every place Abzu keeps text (both stores, the
review snapshots, the log files, the hook spool) rewritten through the
one redaction. Targets are imported when first resolved (wiring/deferred.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from dependency_injector import containers, providers

from abzu.entrypoints.wiring.deferred import deferred

if TYPE_CHECKING:
    from abzu.adapters.sqlite.sqlite3_store import Sqlite3Store


def _redaction() -> Callable[..., Any]:
    from abzu.application.scrub.fields import redacted

    return redacted


class ScrubProviders(containers.DeclarativeContainer):
    config = providers.Configuration()
    wisdom: providers.Dependency[Sqlite3Store] = providers.Dependency()
    staging: providers.Dependency[Sqlite3Store] = providers.Dependency()

    scrub_stores = providers.Factory(
        deferred("application.scrub.scrub_stores:ScrubStores"),
        targets=providers.List(
            providers.Factory(deferred("adapters.sqlite.scrubber:SqliteStoreScrubber"), name="wisdom.db",
                              store=wisdom),
            providers.Factory(deferred("adapters.sqlite.scrubber:SqliteStoreScrubber"), name="abzu.db",
                              store=staging),
            providers.Factory(deferred("adapters.sqlite.scrubber:SqliteSnapshotScrubber"),
                              folder=config.snapshot_dir),
            providers.Factory(deferred("adapters.log_files:FileLogScrubber"), path=config.log_path),
            providers.Factory(deferred("adapters.spool.scrubber:FileSpoolScrubber"), folder=config.spool_dir),
        ),
        transform=providers.Callable(_redaction),
    )
