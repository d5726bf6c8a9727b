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
# it waits for a reviewer. A pass takes at most :groups (root, commit) pairs: those holding fresh
# anchors first, at random otherwise, so passes over a large store take turns over all of it.
_TRACKED = text("""
WITH live AS (
  SELECT a.memory_id, a.value, a.git_commit, p.path AS root, a.stale
  FROM bead_anchors a JOIN beads b ON b.id = a.memory_id JOIN projects p ON p.name = b.project
  WHERE a.kind = 'file' AND a.git_commit IS NOT NULL AND p.path IS NOT NULL
    AND b.superseded_by IS NULL AND COALESCE(b.gemini_flagged, 0) = 0
    AND (a.stale IS NULL OR a.stale = :changed)),
picked AS (
  SELECT root, git_commit FROM live GROUP BY root, git_commit
  ORDER BY MIN(stale IS NOT NULL), random() LIMIT :groups)
SELECT live.* FROM live JOIN picked USING (root, git_commit) LIMIT :anchors""")
_MARK = text("UPDATE bead_anchors SET stale = :stale "
             "WHERE memory_id = :id AND kind = 'file' AND value = :path")


class SqliteAnchorFreshness(AnchorFreshness):
    def __init__(self, engine: Engine, *, actor: str = "maintenance") -> None:
        self._engine, self._actor = engine, actor

    def tracked(self, groups: int, anchors: int) -> list[TrackedAnchor]:
        params = {"changed": Staleness.CHANGED.value, "groups": groups, "anchors": anchors}
        with self._engine.execution_options(**{READ_ONLY: True}).connect() as conn:  # no write lock
            rows = conn.execute(_TRACKED, params)
            return [TrackedAnchor(r.memory_id, r.value, r.git_commit, r.root,
                                  Staleness(r.stale) if r.stale else None) for r in rows]

    def mark(self, marks: Sequence[tuple[TrackedAnchor, Staleness]]) -> None:
        rows = [{"stale": reason.value, "id": a.memory_id, "path": a.path} for a, reason in marks]
        with self._engine.begin() as conn:
            act_as(conn, self._actor)
            conn.execute(_MARK, rows)
            clear_actor(conn)
