"""Small helpers shared by the SQLite integration tests."""

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from abzu.adapters.sqlite.sqlite3_store import Sqlite3Store
from abzu.adapters.sqlite.stores import ready
from abzu.adapters.sqlite.unit_of_work import SqliteUnitOfWork
from abzu.domain.decay import DecayPolicy


def open_store(path: Path, store: str) -> Sqlite3Store:
    """The store, created or migrated now rather than on its first connection."""
    ready(path, store)
    return Sqlite3Store(path, store)


@contextmanager
def sqlite_uow(folder: Path) -> Iterator[SqliteUnitOfWork]:
    wisdom, staging = open_store(folder / "wisdom.db", "wisdom"), open_store(folder / "abzu.db", "staging")
    try:
        yield SqliteUnitOfWork(wisdom, staging, DecayPolicy())
    finally:
        wisdom.close()
        staging.close()


def fts_in_sync(path: Path, fts_table: str) -> bool:
    """The rank-1 integrity check: the only form that compares an external-content index with its table."""
    with sqlite3.connect(path) as conn:
        try:
            conn.execute(f"INSERT INTO {fts_table}({fts_table}, rank) VALUES ('integrity-check', 1)")
        except sqlite3.DatabaseError:
            return False
    return True


def fts_matches(path: Path, fts_table: str, word: str) -> int:
    with sqlite3.connect(path) as conn:
        query = f"SELECT count(*) FROM {fts_table} WHERE {fts_table} MATCH ?"
        return int(conn.execute(query, (word,)).fetchone()[0])
