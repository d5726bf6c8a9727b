from abzu.adapters.sqlite.db import Db
from abzu.adapters.sqlite.timestamps import to_db
from abzu.application.sessions.ports import InjectionLog
from abzu.domain.sessions.record import InjectionRecord

# An event seen twice (a replayed spool entry) is logged once: `event_key` is unique.
_RECORD = """
INSERT INTO injection_log (session_id, event, tier, characters, collapsed, created_at, event_key)
VALUES (:session_id, :event, :tier, :characters, :collapsed, :created_at, :event_key)
ON CONFLICT (event_key) DO NOTHING
"""


class SqliteInjectionLog(InjectionLog):
    def __init__(self, db: Db) -> None:
        self._db = db

    def record(self, entry: InjectionRecord) -> None:
        self._db.execute(_RECORD, {
            "session_id": entry.session_id, "event": entry.event, "tier": entry.tier,
            "characters": entry.characters, "collapsed": int(entry.collapsed),
            "created_at": to_db(entry.at), "event_key": entry.key,
        })
