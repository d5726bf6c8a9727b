from returns.maybe import Maybe, Nothing, Some
from sqlalchemy import Connection, delete, func, insert, or_, select, update

from abzu.adapters.sqlite.schema import session_summaries as t
from abzu.adapters.sqlite.summary_rows import row_to_summary, summary_to_row
from abzu.application.sessions.ports import SummaryRepository
from abzu.domain.sessions.summary import SessionSummary


class SqliteSummaryRepository(SummaryRepository):
    def __init__(self, conn: Connection) -> None:
        self._conn = conn

    def next_sequence(self, session_id: str) -> int:
        query = select(func.coalesce(func.max(t.c.sequence), 0)).where(t.c.session_id == session_id)
        return int(self._conn.execute(query).scalar_one()) + 1

    def add(self, summary: SessionSummary) -> None:
        self._conn.execute(insert(t).values(summary_to_row(summary)))

    def snapshots(self, session_id: str) -> list[SessionSummary]:
        query = select(t).where(t.c.session_id == session_id, t.c.is_final == 0, t.c.sequence > 0)
        rows = self._conn.execute(query.order_by(t.c.sequence, t.c.created_at)).mappings()
        return [row_to_summary(r) for r in rows]

    def final_of(self, session_id: str) -> Maybe[SessionSummary]:
        query = select(t).where(t.c.session_id == session_id, t.c.is_final == 1)
        row = self._conn.execute(query.order_by(t.c.created_at.desc()).limit(1)).mappings().first()
        return Some(row_to_summary(row)) if row else Nothing

    def attach_conversational(self, summary_id: str, text: str) -> bool:
        empty = or_(t.c.conversational_state.is_(None), t.c.conversational_state == "")
        result = self._conn.execute(
            update(t).where(t.c.id == summary_id, empty).values(conversational_state=text)
        )
        return result.rowcount == 1

    def replace_final(self, summary: SessionSummary) -> None:
        self._conn.execute(delete(t).where(t.c.session_id == summary.session_id, t.c.is_final == 1))
        self._conn.execute(insert(t).values(summary_to_row(summary)))

    def delete_snapshots(self, session_id: str) -> int:
        result = self._conn.execute(delete(t).where(t.c.session_id == session_id, t.c.is_final == 0))
        return int(result.rowcount)

    def prune_finals(self, project: str | None, keep: int) -> int:
        same = (t.c.is_final == 1, t.c.project.is_not_distinct_from(project))
        newest = select(t.c.id).where(*same).order_by(t.c.created_at.desc(), t.c.id.desc()).limit(keep)
        result = self._conn.execute(delete(t).where(*same, t.c.id.not_in(newest)))
        return int(result.rowcount)
