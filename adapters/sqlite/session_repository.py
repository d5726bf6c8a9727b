from datetime import datetime

from abzu.adapters.sqlite.columns import SESSIONS, select_sql
from abzu.adapters.sqlite.db import Db, Row
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

# The sessions Abzu's own distiller ran as (s0016): recovery leaves their transcripts alone.
DISTILLER_CHILDREN = ("SELECT DISTINCT child_session_id FROM extraction_log "
                      "WHERE child_session_id IS NOT NULL")


class SqliteSessionRepository(SessionRepository):
    def __init__(self, db: Db) -> None:
        self._db = db

    def _select(self, where: str, params: dict[str, object], order: str = "") -> list[SessionRecord]:
        sql = f"{select_sql('sessions', SESSIONS)} WHERE {where}{order}"
        return [_to_record(r) for r in self._db.fetch(sql, params)]

    def record(self, event: SessionEvent, project: str | None) -> None:
        ended = event.event is HookEvent.SESSION_END
        self._db.execute(_RECORD, {
            "session_id": event.session_id, "project": project, "path": event.transcript_path,
            "root": event.root, "at": to_db(event.at), "event": event.event.value,
            "ended": to_db(event.at) if ended else None, "offset": event.offset,
            "reopens": not ended,
        })

    def get(self, session_id: str) -> SessionRecord | None:
        found = self._select("session_id = :id", {"id": session_id})
        return found[0] if found else None

    def unfinalized(self, project: str | None) -> list[SessionRecord]:
        where = "finalized_at IS NULL" + ("" if project is None else " AND project = :project")
        return self._select(where, {"project": project}, " ORDER BY started_at, session_id")

    def finalized_since(self, project: str | None, since: datetime) -> list[SessionRecord]:
        where = "finalized_at >= :since AND transcript_path IS NOT NULL"
        where += "" if project is None else " AND project = :project"
        return self._select(where, {"project": project, "since": to_db(since)}, " ORDER BY finalized_at")

    def mark_finalized(self, session_id: str, *, at: datetime, by: FinalizedBy) -> None:
        self._db.execute("UPDATE sessions SET finalized_at = :at, finalized_by = :by WHERE session_id = :id",
                         {"id": session_id, "at": to_db(at), "by": by.value})

    def counts(self) -> SessionCounts:
        return SessionCounts(*(int(n) for n in self._db.fetch(_COUNTS)[0].values()))

    def distiller_children(self) -> frozenset[str]:
        return frozenset(r["child_session_id"] for r in self._db.fetch(DISTILLER_CHILDREN))


def _to_record(row: Row) -> SessionRecord:
    return SessionRecord(
        session_id=row["session_id"], project=row["project"],
        transcript_path=row["transcript_path"], root=row["cwd"],
        started_at=from_db(row["started_at"]), last_event=row["last_event"],
        last_event_at=from_db(row["last_event_at"]), ended_at=from_db(row["ended_at"]),
        finalized_at=from_db(row["finalized_at"]),
        finalized_by=FinalizedBy(row["finalized_by"]) if row["finalized_by"] else None,
        last_offset=row["last_offset"],
    )
