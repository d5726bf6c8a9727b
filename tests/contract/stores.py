"""The implementations of the UnitOfWork port that the contract suite runs over: the fake, SQLite
and the team store on PostgreSQL (marker `team`: a real cluster, tests/team_fixtures.py)."""

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from abzu.adapters.sqlite.stores import open_store
from abzu.adapters.sqlite.unit_of_work import SqliteUnitOfWork
from abzu.application.history import EventLog
from abzu.application.ports import UnitOfWork
from abzu.domain.decay import DecayPolicy
from tests.fakes import FakeUnitOfWork

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
    if kind == "postgres":
        from abzu.adapters.postgres.event_log import PgEventLog

        yield PgEventLog(request.getfixturevalue("team_db").engine)
        return
    from abzu.adapters.sqlite.event_log import SqliteEventLog

    wisdom, staging = open_store(folder / "wisdom.db", "wisdom"), open_store(folder / "abzu.db", "staging")
    try:
        yield SqliteEventLog(wisdom, staging)
    finally:
        wisdom.close()
        staging.close()
