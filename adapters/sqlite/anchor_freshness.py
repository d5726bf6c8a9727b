"""`AnchorFreshness` on wisdom.db (issue 16.3): the file anchors maintenance checks, and marks.

Marks are written in one transaction named "maintenance", so the history trigger of w0007
records who marked them.
"""

from collections.abc import Sequence

from sqlalchemy import Engine, text

from abzu.adapters.sqlite.actor import act_as, clear_actor
from abzu.adapters.sqlite.engine import READ_ONLY
from abzu.application.anchors.ports import AnchorFreshness
from abzu.domain.anchors import Staleness, TrackedAnchor

# File anchors with a commit, of live beads of a project with a root. "file deleted" is final:
# it waits for a reviewer. Fresh anchors come first, so a bounded pass checks them before
# looking again at the ones already marked "code changed" (which may since have been deleted).
_TRACKED = text("""
SELECT a.memory_id, a.value, a.git_commit, p.path, a.stale
FROM bead_anchors a JOIN beads b ON b.id = a.memory_id JOIN projects p ON p.name = b.project
WHERE a.kind = 'file' AND a.git_commit IS NOT NULL AND p.path IS NOT NULL
  AND b.superseded_by IS NULL AND COALESCE(b.gemini_flagged, 0) = 0
  AND (a.stale IS NULL OR a.stale = :changed)
ORDER BY a.stale IS NOT NULL, p.path, a.git_commit LIMIT :limit""")
_MARK = text("UPDATE bead_anchors SET stale = :stale "
             "WHERE memory_id = :id AND kind = 'file' AND value = :path")


class SqliteAnchorFreshness(AnchorFreshness):
    def __init__(self, engine: Engine, *, actor: str = "maintenance") -> None:
        self._engine, self._actor = engine, actor

    def tracked(self, limit: int) -> list[TrackedAnchor]:
        with self._engine.execution_options(**{READ_ONLY: True}).connect() as conn:  # no write lock
            rows = conn.execute(_TRACKED, {"changed": Staleness.CHANGED.value, "limit": limit})
            return [TrackedAnchor(r.memory_id, r.value, r.git_commit, r.path,
                                  Staleness(r.stale) if r.stale else None) for r in rows]

    def mark(self, marks: Sequence[tuple[TrackedAnchor, Staleness]]) -> None:
        rows = [{"stale": reason.value, "id": a.memory_id, "path": a.path} for a, reason in marks]
        with self._engine.begin() as conn:
            act_as(conn, self._actor)
            conn.execute(_MARK, rows)
            clear_actor(conn)
