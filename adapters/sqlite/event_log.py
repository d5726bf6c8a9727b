"""Reading `memory_events` (w0002, s0007) from both stores, merged oldest first."""

from datetime import datetime
from typing import Any

from sqlalchemy import Column, Engine, Integer, MetaData, Select, Table, Text, select

from abzu.adapters.sqlite.engine import READ_ONLY
from abzu.adapters.sqlite.timestamps import from_db_required, to_db
from abzu.domain.history import MemoryEvent

# The same table in both files; written only by triggers, so it is modelled here, for reading.
memory_events = Table(
    "memory_events", MetaData(),
    Column("seq", Integer, primary_key=True),
    Column("at", Text, nullable=False),
    Column("item_id", Text, nullable=False),
    Column("event", Text, nullable=False),
    Column("detail", Text),
    Column("who", Text),  # w0004, s0009
)


class SqliteEventLog:
    def __init__(self, wisdom: Engine, staging: Engine) -> None:
        self._stores = {name: engine.execution_options(**{READ_ONLY: True})
                        for name, engine in (("staging", staging), ("wisdom", wisdom))}

    def for_item(self, item_id: str) -> list[MemoryEvent]:
        query = select(memory_events).where(memory_events.c.item_id == item_id)
        return self._merged(query.order_by(memory_events.c.seq), None)

    def since(self, moment: datetime, limit: int) -> list[MemoryEvent]:
        query = select(memory_events).where(memory_events.c.at >= to_db(moment))
        return self._merged(query.order_by(memory_events.c.seq.desc()).limit(limit), limit)

    def _merged(self, query: Select[Any], limit: int | None) -> list[MemoryEvent]:
        found: list[tuple[MemoryEvent, int]] = []
        for store, engine in self._stores.items():
            with engine.connect() as conn:
                found += [(MemoryEvent(from_db_required(r.at), store, r.item_id, r.event, r.detail,
                                        r.who), r.seq)
                          for r in conn.execute(query)]
        # a promotion: staging leaves first; within one store and millisecond, in written order
        found.sort(key=lambda pair: (pair[0].at, pair[0].store == "wisdom", pair[1]))
        events = [event for event, _ in found]
        return events[-limit:] if limit else events
