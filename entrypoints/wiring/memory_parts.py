"""The parts of `MemoryUseCases` built from Settings, without the container."""

from functools import cache
from pathlib import Path
from typing import Any

from sqlalchemy import Engine

from abzu.adapters.clock import SystemClock
from abzu.adapters.ids import UuidIds
from abzu.adapters.spool.file_spool import FileSpoolSource
from abzu.adapters.sqlite.pending_writes import PendingRemembers
from abzu.adapters.sqlite.recall_unit_of_work import SqliteRecallUnitOfWork
from abzu.adapters.sqlite.session_unit_of_work import SqliteSessionUnitOfWork
from abzu.adapters.sqlite.store_locations import FileStoreLocations
from abzu.adapters.sqlite.stores import open_store
from abzu.adapters.sqlite.unit_of_work import SqliteUnitOfWork
from abzu.adapters.workspace import GitWorkspace
from abzu.domain.decay import DecayPolicy
from abzu.domain.ranking import RankingPolicy
from abzu.entrypoints.actor import current_actor
from abzu.entrypoints.logs import configure_file_logging
from abzu.entrypoints.settings import Settings
from abzu.entrypoints.wiring.dense import dense_recall


def parts_from_settings(cwd: Path) -> dict[str, Any]:
    settings = Settings()
    home = settings.layout
    configure_file_logging(home.log)
    wisdom = cache(lambda: open_store(home.wisdom, "wisdom"))  # each store opened once, when used
    staging = cache(lambda: open_store(home.staging, "staging"))

    def engines() -> tuple[Engine, Engine]:
        return wisdom(), staging()

    return {
        "writer": lambda: SqliteUnitOfWork(*engines(), DecayPolicy(), actor=current_actor()),
        "recaller": lambda: SqliteRecallUnitOfWork(*engines(), DecayPolicy()),
        "reader": lambda: SqliteUnitOfWork(*engines(), DecayPolicy(), read_only=True),
        "sessions": lambda: SqliteSessionUnitOfWork(*engines(), DecayPolicy()),
        "clock": SystemClock(), "ids": UuidIds(), "workspace": GitWorkspace(cwd),
        "ranking": RankingPolicy(relevance_floor=settings.relevance_floor),
        "max_chars": settings.max_content_chars,
        "locations": FileStoreLocations(home.wisdom, home.staging),
        "spool": FileSpoolSource(home.spool),
        "pending": PendingRemembers(home.pending_remembers),
        "dense": dense_recall(settings.semantic, home.wisdom, home.staging, DecayPolicy()),
    }
