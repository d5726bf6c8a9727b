"""Small helpers shared by the SQLite integration tests."""

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from abzu.adapters.sqlite.stores import open_store
from abzu.adapters.sqlite.unit_of_work import SqliteUnitOfWork
from abzu.domain.decay import DecayPolicy


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
