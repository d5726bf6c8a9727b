"""The parts of `MemoryUseCases` built from the environment, without the container.

Standard library, sqlite3 and the domain: the stores are `Sqlite3Store`s (no SQLAlchemy), the
settings `StoreValues` (store_values.py, no pydantic-settings). A store not at its schema head is migrated
by the full path on first use (sqlite3_store.py).
"""

from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from abzu.adapters.clock import SystemClock
from abzu.adapters.sqlite.sqlite3_store import Sqlite3Store
from abzu.adapters.sqlite.store_locations import FileStoreLocations
from abzu.adapters.sqlite.unit_of_work import SqliteUnitOfWork
from abzu.adapters.workspace import GitWorkspace
from abzu.domain.decay import DecayPolicy
from abzu.domain.ranking import RankingPolicy
from abzu.entrypoints.actor import current_actor
from abzu.entrypoints.logs import configure_file_logging
from abzu.entrypoints.wiring.deferred import OnFirstUse, deferred

if TYPE_CHECKING:
    from abzu.application.semantic.ports import DenseRecall
    from abzu.entrypoints.data_home import DataHome
    from abzu.entrypoints.wiring.store_values import StoreValues


def parts_from_settings(cwd: Path) -> dict[str, Any]:
    """Settings read without pydantic-settings when the plain reader can vouch for them, else
    through Settings (which rejects a bad value with its own message)."""
    settings = _plain_values() or _from_settings()
    home = settings.home
    configure_file_logging(home.log)
    # Each store is checked (schema head) on its first connection, then connections are reused.
    wisdom, staging = Sqlite3Store(home.wisdom, "wisdom"), Sqlite3Store(home.staging, "staging")
    # Imported when first built (wiring/deferred.py): remember, star and status never build
    # recall's unit of work, and recall none of the others.
    recaller = deferred("adapters.sqlite.recall_unit_of_work:SqliteRecallUnitOfWork")
    sessions = deferred("adapters.sqlite.session_unit_of_work:SqliteSessionUnitOfWork")
    return {
        "writer": lambda: SqliteUnitOfWork(wisdom, staging, DecayPolicy(), actor=current_actor()),
        "recaller": lambda: recaller(wisdom, staging, DecayPolicy()),
        "reader": lambda: SqliteUnitOfWork(wisdom, staging, DecayPolicy(), read_only=True),
        "sessions": lambda: sessions(wisdom, staging, DecayPolicy()),
        "clock": SystemClock(), "workspace": GitWorkspace(cwd),
        "ids": OnFirstUse(deferred("adapters.ids:UuidIds")),
        "ranking": RankingPolicy(relevance_floor=settings.relevance_floor),
        "max_chars": settings.max_content_chars,
        "locations": FileStoreLocations(home.wisdom, home.staging),
        "spool": OnFirstUse(partial(deferred("adapters.spool.spool_source:FileSpoolSource"), home.spool)),
        "pending": OnFirstUse(partial(deferred("adapters.sqlite.pending_writes:PendingRemembers"),
                                      home.pending_remembers)),
        "dense": _dense(settings.semantic, home.wisdom, home.staging),
        "team": _team(home),
    }


def _dense(enabled: bool, wisdom: Path, staging: Path) -> "DenseRecall | None":
    if not enabled:  # semantic search off (the default): its module and ports stay unloaded
        return None
    from abzu.entrypoints.wiring.dense import dense_recall

    return dense_recall(enabled, wisdom, staging, DecayPolicy())


def _team(home: "DataHome") -> Any:
    if not home.team_cache.is_file():  # never joined a team: one stat, nothing of the team loaded
        return None
    from abzu.entrypoints.wiring.team import TeamConfig, team_recall

    config = TeamConfig.light(home, current_actor()) or _team_settings()
    return team_recall(config)


def _team_settings() -> Any:
    from abzu.entrypoints.settings import Settings
    from abzu.entrypoints.wiring.team import TeamConfig

    return TeamConfig.of(Settings(), current_actor())


def _from_settings() -> "StoreValues":
    from abzu.entrypoints.settings import Settings
    from abzu.entrypoints.wiring.store_values import StoreValues

    settings = Settings()
    return StoreValues(settings.layout, settings.relevance_floor, settings.max_content_chars,
                       settings.semantic)


def _plain_values() -> "StoreValues | None":
    from abzu.entrypoints.wiring.store_values import StoreValues

    return StoreValues.from_env()
