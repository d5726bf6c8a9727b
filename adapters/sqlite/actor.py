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
from typing import Any

from sqlalchemy import Connection, Engine, event, text

MAINTENANCE = "maintenance"  # store-wide passes: decay, deletions of flagged beads, scrub
_SET = "INSERT OR REPLACE INTO event_actor (id, who) VALUES (1, ?)"
_SET_SQL = "INSERT OR REPLACE INTO event_actor (id, who) VALUES (1, :who)"
_CLEAR_SQL = "DELETE FROM event_actor"
_CLEAR = text(_CLEAR_SQL)
_PENDING = "abzu_actor_pending"  # in the pooled connection's info: the name not yet written
_WRITTEN = "abzu_actor_written"
_WRITES = ("INSERT", "UPDATE", "DELETE", "REPLAC")


def act_as(conn: Connection, who: str) -> None:
    """Inside the open write transaction: the changes that follow are recorded as `who`'s."""
    conn.info[_PENDING] = who


def clear_actor(conn: Connection) -> None:
    """Before committing, so no later writer that does not name itself inherits the name."""
    conn.info.pop(_PENDING, None)
    if conn.info.pop(_WRITTEN, False):
        conn.execute(_CLEAR)


def install(engine: Engine) -> None:
    """The engine writes a pending name before the first write; a rollback or a connection back
    in its pool forgets it (the rolled-back row goes with its transaction)."""
    event.listen(engine, "before_cursor_execute", _name_before_first_write)
    event.listen(engine, "rollback", _forget)
    event.listen(engine, "checkin", lambda _dbapi, record: _forget_info(record.info))


def _name_before_first_write(conn: Connection, cursor: Any, statement: str, *_: object) -> None:
    who = conn.info.get(_PENDING)
    if who is None or statement.lstrip()[:6].upper() not in _WRITES:
        return
    del conn.info[_PENDING]
    conn.info[_WRITTEN] = True
    cursor.connection.execute(_SET, (who,))


def _forget(conn: Connection) -> None:
    _forget_info(conn.info)


def _forget_info(info: dict[Any, Any]) -> None:
    info.pop(_PENDING, None)
    info.pop(_WRITTEN, None)


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
