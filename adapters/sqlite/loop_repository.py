"""`open_loops` (abzu.db, s0015) over the `Db` protocol, like the summaries."""

from datetime import datetime
from typing import TYPE_CHECKING

from abzu.adapters.sqlite.columns import OPEN_LOOPS, insert_sql, select_sql
from abzu.adapters.sqlite.db import Db
from abzu.adapters.sqlite.loop_rows import loop_to_row, row_to_loop
from abzu.adapters.sqlite.timestamps import to_db
from abzu.application.sessions.ports import OpenLoopRepository
from abzu.domain.sessions.open_loop import OPEN, OpenLoop

if TYPE_CHECKING:  # loop tracking pulls in the extraction rules: not on the idle path
    from abzu.domain.sessions.loop_tracking import OpenItem

_INSERT = insert_sql("open_loops", OPEN_LOOPS)
_SELECT = select_sql("open_loops", OPEN_LOOPS)
_NEWEST = " ORDER BY seen_at DESC, opened_at DESC, id"


class SqliteOpenLoops(OpenLoopRepository):
    def __init__(self, db: Db) -> None:
        self._db = db

    def listed(self, project: str | None, *, open_only: bool = True) -> list[OpenLoop]:
        where = [w for w, wanted in (("project = :project", project is not None),
                                      ("status = 'open'", open_only)) if wanted]
        sql = _SELECT + (f" WHERE {' AND '.join(where)}" if where else "") + _NEWEST
        return [row_to_loop(r) for r in self._db.fetch(sql, {"project": project})]

    def get(self, loop_id: str) -> OpenLoop | None:
        rows = self._db.fetch(f"{_SELECT} WHERE id = :id", {"id": loop_id})
        return row_to_loop(rows[0]) if rows else None

    def add(self, loop: OpenLoop) -> None:
        self._db.execute(_INSERT, loop_to_row(loop))

    def seen(self, loop_id: str, item: "OpenItem", *, session_id: str, at: datetime) -> None:
        self._db.execute(
            "UPDATE open_loops SET kind = :kind, text = :text, session_id = :session_id, seen_at = :at "
            "WHERE id = :id AND status = 'open'",
            {"id": loop_id, "kind": item.kind, "text": item.text, "session_id": session_id, "at": to_db(at)})

    def close(self, loop_id: str, *, status: str, at: datetime, by: str | None) -> bool:
        changed = self._db.execute(
            "UPDATE open_loops SET status = :status, closed_at = :at, closed_by = :by "
            "WHERE id = :id AND status = :open",
            {"id": loop_id, "status": status, "at": to_db(at), "by": by, "open": OPEN})
        return changed == 1
