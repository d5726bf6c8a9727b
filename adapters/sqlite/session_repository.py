from datetime import datetime

from returns.maybe import Maybe, Nothing, Some
from sqlalchemy import Connection, RowMapping, select, text, update

from abzu.adapters.sqlite.session_schema import sessions as t
from abzu.adapters.sqlite.timestamps import from_db, to_db
from abzu.application.sessions.ports import SessionRepository
from abzu.domain.sessions.record import (
    FinalizedBy,
    HookEvent,
    SessionCounts,
    SessionEvent,
    SessionRecord,
)

# One statement folds an event in, whatever order events arrive in (spooled entries replay).
_RECORD = """
INSERT INTO sessions (session_id, project, transcript_path, cwd, started_at, last_event,
                      last_event_at, ended_at, last_offset)
VALUES (:session_id, :project, :path, :root, :at, :event, :at, :ended, :offset)
ON CONFLICT (session_id) DO UPDATE SET
  project = COALESCE(excluded.project, sessions.project),
  transcript_path = COALESCE(excluded.transcript_path, sessions.transcript_path),
  cwd = COALESCE(excluded.cwd, sessions.cwd),
  started_at = MIN(COALESCE(sessions.started_at, excluded.started_at), excluded.started_at),
  last_event = CASE WHEN excluded.last_event_at >= COALESCE(sessions.last_event_at, '')
                    THEN excluded.last_event ELSE sessions.last_event END,
  last_event_at = MAX(COALESCE(sessions.last_event_at, ''), excluded.last_event_at),
  ended_at = CASE WHEN excluded.ended_at IS NOT NULL THEN excluded.ended_at
                  WHEN excluded.last_event_at > sessions.ended_at THEN NULL
                  ELSE sessions.ended_at END,
  last_offset = MAX(COALESCE(sessions.last_offset, 0), COALESCE(excluded.last_offset, 0)),
  finalized_by = CASE WHEN :reopens AND excluded.last_event_at > sessions.finalized_at
                      THEN NULL ELSE sessions.finalized_by END,
  finalized_at = CASE WHEN :reopens AND excluded.last_event_at > sessions.finalized_at
                      THEN NULL ELSE sessions.finalized_at END
"""

_COUNTS = """
SELECT COALESCE(SUM(finalized_at IS NOT NULL AND finalized_by = 'session_end'), 0),
       COALESCE(SUM(finalized_at IS NOT NULL AND finalized_by = 'recovery'), 0),
       COALESCE(SUM(finalized_at IS NULL), 0),
       (SELECT COUNT(*) FROM extraction_log WHERE method = 'cc_distill' AND status = 'ok'),
       (SELECT COUNT(*) FROM extraction_log WHERE method = 'cc_distill' AND status = 'failed'),
       (SELECT COUNT(*) FROM extraction_log WHERE method = 'cc_distill' AND status = 'skipped'),
       (SELECT COUNT(DISTINCT x.session_id) FROM extraction_log x JOIN sessions p
          ON p.session_id = x.session_id AND p.finalized_at IS NULL
        WHERE x.detail LIKE 'capped:%')
FROM sessions
"""


class SqliteSessionRepository(SessionRepository):
    def __init__(self, conn: Connection) -> None:
        self._conn = conn

    def record(self, event: SessionEvent, project: str | None) -> None:
        ended = event.event is HookEvent.SESSION_END
        self._conn.execute(text(_RECORD), {
            "session_id": event.session_id, "project": project, "path": event.transcript_path,
            "root": event.root, "at": to_db(event.at), "event": event.event.value,
            "ended": to_db(event.at) if ended else None, "offset": event.offset,
            "reopens": not ended,
        })

    def get(self, session_id: str) -> Maybe[SessionRecord]:
        row = self._conn.execute(select(t).where(t.c.session_id == session_id)).mappings().first()
        return Some(_to_record(row)) if row else Nothing

    def unfinalized(self, project: str | None) -> list[SessionRecord]:
        query = select(t).where(t.c.finalized_at.is_(None))
        if project is not None:
            query = query.where(t.c.project == project)
        rows = self._conn.execute(query.order_by(t.c.started_at, t.c.session_id)).mappings()
        return [_to_record(r) for r in rows]

    def finalized_since(self, project: str | None, since: datetime) -> list[SessionRecord]:
        query = select(t).where(t.c.finalized_at >= to_db(since), t.c.transcript_path.is_not(None))
        if project is not None:
            query = query.where(t.c.project == project)
        return [_to_record(r) for r in self._conn.execute(query.order_by(t.c.finalized_at)).mappings()]

    def mark_finalized(self, session_id: str, *, at: datetime, by: FinalizedBy) -> None:
        self._conn.execute(
            update(t).where(t.c.session_id == session_id)
            .values(finalized_at=to_db(at), finalized_by=by.value)
        )

    def counts(self) -> SessionCounts:
        return SessionCounts(*(int(n) for n in self._conn.execute(text(_COUNTS)).one()))


def _to_record(row: RowMapping) -> SessionRecord:
    return SessionRecord(
        session_id=row["session_id"], project=row["project"],
        transcript_path=row["transcript_path"], root=row["cwd"],
        started_at=from_db(row["started_at"]), last_event=row["last_event"],
        last_event_at=from_db(row["last_event_at"]), ended_at=from_db(row["ended_at"]),
        finalized_at=from_db(row["finalized_at"]),
        finalized_by=FinalizedBy(row["finalized_by"]) if row["finalized_by"] else None,
        last_offset=row["last_offset"],
    )
