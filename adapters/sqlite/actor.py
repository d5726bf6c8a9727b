"""Naming the writer of a transaction for the history triggers (migrations/event_actor.py)."""

from sqlalchemy import Connection, text

_SET = text("INSERT OR REPLACE INTO event_actor (id, who) VALUES (1, :who)")
_CLEAR = text("DELETE FROM event_actor")


def act_as(conn: Connection, who: str) -> None:
    """Inside the open write transaction: the changes that follow are recorded as `who`'s."""
    conn.execute(_SET, {"who": who})


def clear_actor(conn: Connection) -> None:
    """Before committing, so no later writer that does not name itself inherits the name."""
    conn.execute(_CLEAR)
