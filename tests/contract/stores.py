"""The implementations of the UnitOfWork port that the contract suite runs over: the fake, SQLite
and the team store on PostgreSQL (marker `team`: a real cluster, tests/team_fixtures.py)."""

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from abzu.adapters.sqlite.unit_of_work import SqliteUnitOfWork
from abzu.application.history import EventLog
from abzu.application.ports import UnitOfWork
from abzu.domain.decay import DecayPolicy
from abzu.domain.history import MemoryEvent
from tests.fakes import FakeUnitOfWork
from tests.integration.sqlite_helpers import open_store

if TYPE_CHECKING:
    from sqlalchemy import Engine

KINDS = ["fake", "sqlite", pytest.param("postgres", marks=pytest.mark.team)]
STORES = ["sqlite", pytest.param("postgres", marks=pytest.mark.team)]  # real stores only


@contextmanager
def unit_of_work(
    kind: str, folder: Path, request: pytest.FixtureRequest | None = None, actor: str | None = None,
) -> Iterator[UnitOfWork]:
    if kind == "fake":
        yield FakeUnitOfWork()
        return
    if kind == "postgres":
        from abzu.adapters.postgres.unit_of_work import PgUnitOfWork

        assert request is not None, "the team store needs the test's database (request)"
        yield PgUnitOfWork(request.getfixturevalue("team_db").engine, DecayPolicy(), actor=actor)
        return
    wisdom, staging = open_store(folder / "wisdom.db", "wisdom"), open_store(folder / "abzu.db", "staging")
    try:
        yield SqliteUnitOfWork(wisdom, staging, DecayPolicy(), actor=actor)
    finally:
        wisdom.close()
        staging.close()


@contextmanager
def event_log(kind: str, folder: Path, request: pytest.FixtureRequest) -> Iterator[EventLog]:
    """The history reader of the same store `unit_of_work(kind, folder, request)` writes."""
    if kind == "postgres":  # no door reads the team server's history: the contract is its triggers'
        yield TeamEventLog(request.getfixturevalue("team_db").engine)
        return
    from abzu.adapters.sqlite.event_log import SqliteEventLog

    wisdom, staging = open_store(folder / "wisdom.db", "wisdom"), open_store(folder / "abzu.db", "staging")
    try:
        yield SqliteEventLog(wisdom, staging)
    finally:
        wisdom.close()
        staging.close()


class TeamEventLog(EventLog):
    """The team server's `memory_events`, read as `SqliteEventLog` reads the local ones."""

    _COLUMNS = "SELECT at, store, item_id, event, detail, who FROM memory_events"

    def __init__(self, engine: "Engine") -> None:
        self._engine = engine

    def for_item(self, item_id: str) -> list[MemoryEvent]:
        return self._read(f"{self._COLUMNS} WHERE item_id = :id ORDER BY seq", {"id": item_id})

    def since(self, moment: datetime, limit: int) -> list[MemoryEvent]:
        sql = f"{self._COLUMNS} WHERE at >= :at ORDER BY seq DESC LIMIT :limit"
        return self._read(sql, {"at": moment, "limit": limit})[::-1]

    def _read(self, sql: str, params: dict[str, Any]) -> list[MemoryEvent]:
        from sqlalchemy import text

        with self._engine.connect() as conn:
            rows = conn.execute(text(sql), params).mappings().all()
        return [MemoryEvent(r["at"], r["store"], r["item_id"], r["event"], r["detail"], r["who"])
                for r in rows]
