"""The history's part of export and import (`memory_events` of both stores; issue 15).

Events are written by triggers, so importing rows records them afresh: "created"/"staged" now, by
whoever imports. When the file carries its own history that would say the wrong thing twice, so
the events the import's own inserts produced are dropped and the file's are stored instead, each
at the sequence number it had if that is free (a round trip into an empty home is then exact).
An event is the same event if store, time, item, kind, detail and writer agree: importing a file
again adds none.
"""

from collections.abc import Iterator

from abzu.adapters.sqlite.columns import insert_sql
from abzu.adapters.sqlite.db import Db, DbSource
from abzu.adapters.sqlite.event_log import EVENT_COLUMNS
from abzu.adapters.sqlite.unit_of_work import transaction
from abzu.domain.archive import Record, event_id, event_place

FIELDS = ("at", "item_id", "event", "detail", "who")
_ALL = f"SELECT {', '.join(EVENT_COLUMNS)} FROM memory_events"
_SAME = "SELECT 1 FROM memory_events WHERE " + " AND ".join(f"{f} IS :{f}" for f in FIELDS) + " LIMIT 1"


def event_records(store: str, source: DbSource) -> Iterator[Record]:
    with transaction(source, read_only=True) as conn:
        for row in conn.stream(f"{_ALL} ORDER BY seq"):
            fields = {name: row[name] for name in FIELDS}
            yield Record("event", {**fields, "id": event_id(store, row["seq"]), "store": store})


def last_seq(db: Db) -> int:
    return int(db.scalar("SELECT coalesce(max(seq), 0) FROM memory_events"))


def drop_events_after(db: Db, seq: int) -> None:
    """The events this transaction's inserts recorded: the file's own history replaces them."""
    db.execute("DELETE FROM memory_events WHERE seq > :seq", {"seq": seq})


def add_event(db: Db, record: Record) -> bool:
    """Stores one event unless the same event is stored already; True when it was added."""
    values = {name: record.fields.get(name) for name in FIELDS}
    if db.fetch(_SAME, values):
        return False
    seq = event_place(record)[1]
    free = db.scalar("SELECT 1 FROM memory_events WHERE seq = :seq", {"seq": seq}) is None
    row = {**values, "seq": seq} if free else values
    db.execute(insert_sql("memory_events", tuple(row)), row)
    return True
