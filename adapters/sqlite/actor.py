"""Naming the writer of a transaction for the history triggers (migrations/event_actor.py).

The name is written into `event_actor` lazily, just before the transaction's first write
statement, not when it opens: a unit of work that only reads a store (a remember of a learning
reads wisdom.db for its project and duplicates) then leaves that store untouched, so its commit
there writes no WAL frame and needs no fsync (wisdom.db is synchronous=FULL). That roughly
halves how long such a remember holds the write gate.
"""

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager

from abzu.adapters.sqlite.db import NAME_SQL, WRITER_PENDING, WRITER_WRITTEN, Db, Sqlite3Db

MAINTENANCE = "maintenance"  # store-wide passes: decay, deletions of flagged beads, scrub
_CLEAR_SQL = "DELETE FROM event_actor"


def act_as(db: Db, who: str, *, lazy: bool = True) -> None:
    """Inside the open write transaction: the changes that follow are recorded as `who`'s. Lazy:
    the name is written just before the first write through `db` (db.name_before_first_write);
    a writer that then writes through another handle of the connection asks for it at once."""
    if lazy:
        db.info[WRITER_PENDING] = who
        return
    db.execute_plain(NAME_SQL, {"who": who})
    db.info[WRITER_WRITTEN] = True


def clear_actor(db: Db) -> None:
    """Before committing, so no later writer that does not name itself inherits the name."""
    db.info.pop(WRITER_PENDING, None)
    if db.info.pop(WRITER_WRITTEN, False):
        db.execute_plain(_CLEAR_SQL, {})


@contextmanager
def acting_as(conn: sqlite3.Connection, who: str) -> Iterator[None]:
    """`act_as`/`clear_actor` for a writer on a plain sqlite3 connection inside its own write
    transaction (scrub, doctor). A file without the table (a store behind its schema, an old
    snapshot) records nothing; on an error the caller's rollback takes the name away."""
    if not conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'event_actor'").fetchone():
        yield
        return
    rows_as = conn.row_factory
    db = Sqlite3Db(conn)
    conn.row_factory = rows_as  # the name is only written: the caller keeps reading rows its way
    act_as(db, who, lazy=False)
    yield
    clear_actor(db)
