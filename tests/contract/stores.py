"""The two implementations of the UnitOfWork port that the contract suite runs over."""

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from abzu.adapters.sqlite.stores import open_store
from abzu.adapters.sqlite.unit_of_work import SqliteUnitOfWork
from abzu.application.ports import UnitOfWork
from abzu.domain.decay import DecayPolicy
from tests.fakes import FakeUnitOfWork

KINDS = ["fake", "sqlite"]


@contextmanager
def unit_of_work(kind: str, folder: Path) -> Iterator[UnitOfWork]:
    if kind == "fake":
        yield FakeUnitOfWork()
        return
    wisdom, staging = open_store(folder / "wisdom.db", "wisdom"), open_store(folder / "abzu.db", "staging")
    try:
        yield SqliteUnitOfWork(wisdom, staging, DecayPolicy())
    finally:
        wisdom.dispose()
        staging.dispose()
