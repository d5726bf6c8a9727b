"""The history's part of export and import (`memory_events` of both stores; issue 15).

Events are written by triggers, so importing rows records them afresh: "created"/"staged" now, by
whoever imports. When the file carries its own history that would say the wrong thing twice, so
the events the import's own inserts produced are dropped and the file's are stored instead, each
at the sequence number it had if that is free (a round trip into an empty home is then exact).
An event is the same event if store, time, item, kind, detail and writer agree: importing a file
again adds none.
"""

from collections.abc import Iterator

from sqlalchemy import Connection, Engine, func, insert, select

from abzu.adapters.sqlite.event_log import memory_events
from abzu.domain.archive import Record, event_id, event_place

FIELDS = ("at", "item_id", "event", "detail", "who")


def event_records(store: str, engine: Engine) -> Iterator[Record]:
    with engine.connect() as conn:
        for row in conn.execute(select(memory_events)).mappings():
            fields = {name: row[name] for name in FIELDS}
            yield Record("event", {**fields, "id": event_id(store, row["seq"]), "store": store})


def last_seq(conn: Connection) -> int:
    return int(conn.execute(select(func.coalesce(func.max(memory_events.c.seq), 0))).scalar_one())


def drop_events_after(conn: Connection, seq: int) -> None:
    """The events this transaction's inserts recorded: the file's own history replaces them."""
    conn.execute(memory_events.delete().where(memory_events.c.seq > seq))


def add_event(conn: Connection, record: Record) -> bool:
    """Stores one event unless the same event is stored already; True when it was added."""
    values = {name: record.fields.get(name) for name in FIELDS}
    same = [memory_events.c[name].is_not_distinct_from(value) for name, value in values.items()]
    if conn.execute(select(memory_events.c.seq).where(*same).limit(1)).first():
        return False
    seq = event_place(record)[1]
    taken = conn.execute(select(memory_events.c.seq).where(memory_events.c.seq == seq)).first()
    conn.execute(insert(memory_events).values(values if taken else {**values, "seq": seq}))
    return True
