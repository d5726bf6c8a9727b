"""Reading `memory_events` (w0002, s0007) from both stores, merged oldest first."""

from datetime import datetime
from typing import Any

from abzu.adapters.sqlite.db import DbSource
from abzu.adapters.sqlite.timestamps import from_db_required, to_db
from abzu.adapters.sqlite.unit_of_work import transaction
from abzu.domain.history import MemoryEvent

# The same table in both files, written only by triggers.
EVENT_COLUMNS = ("seq", "at", "item_id", "event", "detail", "who")  # who: w0004, s0009
_EVENTS = f"SELECT {', '.join(EVENT_COLUMNS)} FROM memory_events"
_FOR_ITEM = _EVENTS + " WHERE item_id = :item ORDER BY seq"
_SINCE = _EVENTS + " WHERE at >= :at ORDER BY seq DESC LIMIT :limit"


class SqliteEventLog:
    def __init__(self, wisdom: DbSource, staging: DbSource) -> None:
        self._stores = {"staging": staging, "wisdom": wisdom}

    def for_item(self, item_id: str) -> list[MemoryEvent]:
        return self._merged(_FOR_ITEM, {"item": item_id}, None)

    def since(self, moment: datetime, limit: int) -> list[MemoryEvent]:
        return self._merged(_SINCE, {"at": to_db(moment), "limit": limit}, limit)

    def _merged(self, sql: str, params: dict[str, Any], limit: int | None) -> list[MemoryEvent]:
        found: list[tuple[MemoryEvent, int]] = []
        for store, source in self._stores.items():
            with transaction(source, read_only=True) as conn:  # no write lock
                found += [(MemoryEvent(from_db_required(r["at"]), store, r["item_id"], r["event"],
                                       r["detail"], r["who"]), r["seq"])
                          for r in conn.fetch(sql, params)]
        # a promotion: staging leaves first; within one store and millisecond, in written order
        found.sort(key=lambda pair: (pair[0].at, pair[0].store == "wisdom", pair[1]))
        events = [event for event, _ in found]
        return events[-limit:] if limit else events
