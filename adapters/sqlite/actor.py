"""Naming the writer of a transaction for the history triggers (migrations/event_actor.py)."""

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy import Connection, text

MAINTENANCE = "maintenance"  # store-wide passes: decay, deletions of flagged beads, scrub
_SET_SQL = "INSERT OR REPLACE INTO event_actor (id, who) VALUES (1, :who)"
_CLEAR_SQL = "DELETE FROM event_actor"
_SET, _CLEAR = text(_SET_SQL), text(_CLEAR_SQL)


def act_as(conn: Connection, who: str) -> None:
    """Inside the open write transaction: the changes that follow are recorded as `who`'s."""
    conn.execute(_SET, {"who": who})


def clear_actor(conn: Connection) -> None:
    """Before committing, so no later writer that does not name itself inherits the name."""
    conn.execute(_CLEAR)


@contextmanager
def acting_as(conn: sqlite3.Connection, who: str) -> Iterator[None]:
    """The same, for a writer on a plain sqlite3 connection inside its own write transaction (the
    scrub). A file without the table (a store behind its schema, an old snapshot) records nothing;
    on an error the caller's rollback takes the name away with the changes."""
    named = conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'event_actor'").fetchone()
    if named:
        conn.execute(_SET_SQL, {"who": who})
    yield
    if named:
        conn.execute(_CLEAR_SQL)
