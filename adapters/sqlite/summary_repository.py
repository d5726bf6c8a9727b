from abzu.adapters.sqlite.columns import SUMMARIES, insert_sql, select_sql
from abzu.adapters.sqlite.db import Db
from abzu.adapters.sqlite.summary_rows import row_to_summary, summary_to_row
from abzu.application.sessions.ports import SummaryRepository
from abzu.domain.sessions.summary import SessionSummary

_INSERT = insert_sql("session_summaries", SUMMARIES)
_FINAL = "is_final = 1 AND project IS :project"
# Every final of a project but the `keep` newest.
_PRUNE = f"""
DELETE FROM session_summaries WHERE {_FINAL} AND id NOT IN (
  SELECT id FROM session_summaries WHERE {_FINAL} ORDER BY created_at DESC, id DESC LIMIT :keep)
"""


class SqliteSummaryRepository(SummaryRepository):
    def __init__(self, db: Db) -> None:
        self._db = db

    def _select(self, where: str, params: dict[str, object], tail: str) -> list[SessionSummary]:
        sql = f"{select_sql('session_summaries', SUMMARIES)} WHERE {where}{tail}"
        return [row_to_summary(r) for r in self._db.fetch(sql, params)]

    def next_sequence(self, session_id: str) -> int:
        sql = "SELECT coalesce(max(sequence), 0) FROM session_summaries WHERE session_id = :id"
        return int(self._db.scalar(sql, {"id": session_id})) + 1

    def add(self, summary: SessionSummary) -> None:
        self._db.execute(_INSERT, summary_to_row(summary))

    def snapshots(self, session_id: str) -> list[SessionSummary]:
        where = "session_id = :id AND is_final = 0 AND sequence > 0"
        return self._select(where, {"id": session_id}, " ORDER BY sequence, created_at")

    def final_of(self, session_id: str) -> SessionSummary | None:
        found = self._select("session_id = :id AND is_final = 1", {"id": session_id},
                             " ORDER BY created_at DESC LIMIT 1")
        return found[0] if found else None

    def project_finals(self, project: str, *, excluding: str, limit: int) -> list[SessionSummary]:
        return self._select("is_final = 1 AND project = :project AND session_id != :excluding",
                            {"project": project, "excluding": excluding, "limit": limit},
                            " ORDER BY created_at DESC, id DESC LIMIT :limit")

    def attach_conversational(self, summary_id: str, text: str) -> bool:
        changed = self._db.execute(
            "UPDATE session_summaries SET conversational_state = :text WHERE id = :id "
            "AND (conversational_state IS NULL OR conversational_state = '')",
            {"id": summary_id, "text": text},
        )
        return changed == 1

    def replace_final(self, summary: SessionSummary) -> None:
        self._db.execute("DELETE FROM session_summaries WHERE session_id = :id AND is_final = 1",
                         {"id": summary.session_id})
        self._db.execute(_INSERT, summary_to_row(summary))

    def delete_snapshots(self, session_id: str) -> int:
        return self._db.execute("DELETE FROM session_summaries WHERE session_id = :id AND is_final = 0",
                                {"id": session_id})

    def prune_finals(self, project: str | None, keep: int) -> int:
        return self._db.execute(_PRUNE, {"project": project, "keep": keep})
