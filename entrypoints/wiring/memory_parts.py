"""The parts of `MemoryUseCases` built from the environment, without the container.

Standard library, sqlite3 and the domain: the stores are `Sqlite3Store`s (no SQLAlchemy), the
settings `StoreValues` (light_settings.py, no pydantic-settings). A store not at its schema head is migrated
by the full path on first use (sqlite3_store.py).
"""

from pathlib import Path
from typing import TYPE_CHECKING, Any

from abzu.adapters.clock import SystemClock
from abzu.adapters.ids import UuidIds
from abzu.adapters.spool.file_spool import FileSpoolSource
from abzu.adapters.sqlite.pending_writes import PendingRemembers
from abzu.adapters.sqlite.recall_unit_of_work import SqliteRecallUnitOfWork
from abzu.adapters.sqlite.session_unit_of_work import SqliteSessionUnitOfWork
from abzu.adapters.sqlite.sqlite3_store import Sqlite3Store
from abzu.adapters.sqlite.store_locations import FileStoreLocations
from abzu.adapters.sqlite.unit_of_work import SqliteUnitOfWork
from abzu.adapters.workspace import GitWorkspace
from abzu.domain.decay import DecayPolicy
from abzu.domain.ranking import RankingPolicy
from abzu.entrypoints.actor import current_actor
from abzu.entrypoints.logs import configure_file_logging
from abzu.entrypoints.wiring.dense import dense_recall

if TYPE_CHECKING:
    from abzu.entrypoints.wiring.light_settings import StoreValues


def parts_from_settings(cwd: Path, values: "StoreValues | None" = None) -> dict[str, Any]:
    """`values`: already read without pydantic-settings (the CLI's fast front), else read here
    the same way, else through Settings (which rejects a bad value with its own message)."""
    settings = values or _plain_values() or _from_settings()
    home = settings.home
    configure_file_logging(home.log)
    # Each store is checked (schema head) on its first connection, then connections are reused.
    wisdom, staging = Sqlite3Store(home.wisdom, "wisdom"), Sqlite3Store(home.staging, "staging")
    return {
        "writer": lambda: SqliteUnitOfWork(wisdom, staging, DecayPolicy(), actor=current_actor()),
        "recaller": lambda: SqliteRecallUnitOfWork(wisdom, staging, DecayPolicy()),
        "reader": lambda: SqliteUnitOfWork(wisdom, staging, DecayPolicy(), read_only=True),
        "sessions": lambda: SqliteSessionUnitOfWork(wisdom, staging, DecayPolicy()),
        "clock": SystemClock(), "ids": UuidIds(), "workspace": GitWorkspace(cwd),
        "ranking": RankingPolicy(relevance_floor=settings.relevance_floor),
        "max_chars": settings.max_content_chars,
        "locations": FileStoreLocations(home.wisdom, home.staging),
        "spool": FileSpoolSource(home.spool),
        "pending": PendingRemembers(home.pending_remembers),
        "dense": dense_recall(settings.semantic, home.wisdom, home.staging, DecayPolicy()),
    }


def _from_settings() -> "StoreValues":
    from abzu.entrypoints.settings import Settings
    from abzu.entrypoints.wiring.light_settings import StoreValues

    settings = Settings()
    return StoreValues(settings.layout, settings.relevance_floor, settings.max_content_chars,
                       settings.semantic)


def _plain_values() -> "StoreValues | None":
    from abzu.entrypoints.wiring.light_settings import StoreValues

    return StoreValues.from_env()
