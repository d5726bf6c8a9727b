from sqlalchemy import Connection
from sqlalchemy.dialects.sqlite import insert

from abzu.adapters.sqlite.session_schema import injection_log
from abzu.adapters.sqlite.timestamps import to_db
from abzu.application.sessions.ports import InjectionLog
from abzu.domain.sessions.record import InjectionRecord


class SqliteInjectionLog(InjectionLog):
    def __init__(self, conn: Connection) -> None:
        self._conn = conn

    def record(self, entry: InjectionRecord) -> None:
        self._conn.execute(
            insert(injection_log).values(
                session_id=entry.session_id, event=entry.event, tier=entry.tier,
                characters=entry.characters, collapsed=int(entry.collapsed),
                created_at=to_db(entry.at), event_key=entry.key,
            ).on_conflict_do_nothing(index_elements=["event_key"])
        )
