"""Reading the team server's `memory_events` (what `abzu history` reads locally), oldest first."""

from datetime import datetime
from typing import Any

from sqlalchemy import Engine, text

from abzu.application.history import EventLog
from abzu.domain.history import MemoryEvent

_COLUMNS = "SELECT at, store, item_id, event, detail, who FROM memory_events"


class PgEventLog(EventLog):
    """One sequence for both stores: `seq` is the order the events were written in."""

    def __init__(self, engine: Engine) -> None:
        self._engine = engine

    def for_item(self, item_id: str) -> list[MemoryEvent]:
        return self._read(f"{_COLUMNS} WHERE item_id = :id ORDER BY seq", {"id": item_id})

    def since(self, moment: datetime, limit: int) -> list[MemoryEvent]:
        found = self._read(f"{_COLUMNS} WHERE at >= :at ORDER BY seq DESC LIMIT :limit",
                           {"at": moment, "limit": limit})
        return found[::-1]

    def _read(self, sql: str, params: dict[str, Any]) -> list[MemoryEvent]:
        with self._engine.connect() as conn:
            rows = conn.execute(text(sql), params).mappings().all()
        return [MemoryEvent(r["at"], r["store"], r["item_id"], r["event"], r["detail"], r["who"])
                for r in rows]
