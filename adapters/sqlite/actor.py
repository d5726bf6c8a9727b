"""Naming the writer of a transaction for the history triggers (migrations/event_actor.py)."""

from abzu.adapters.sqlite.db import Db


def act_as(db: Db, who: str) -> None:
    """Inside the open write transaction: the changes that follow are recorded as `who`'s."""
    db.execute("INSERT OR REPLACE INTO event_actor (id, who) VALUES (1, :who)", {"who": who})


def clear_actor(db: Db) -> None:
    """Before committing, so no later writer that does not name itself inherits the name."""
    db.execute("DELETE FROM event_actor")
