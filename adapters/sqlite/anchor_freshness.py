"""`AnchorFreshness` on wisdom.db (issue 16.3): the file anchors maintenance checks, and marks.

Marks are written in one transaction named "maintenance", so the history trigger of w0008
records who marked them.
"""

import random
from collections import defaultdict
from collections.abc import Sequence

from abzu.adapters.sqlite.actor import MAINTENANCE, clear_actor
from abzu.adapters.sqlite.db import DbSource
from abzu.adapters.sqlite.unit_of_work import start
from abzu.application.anchors.ports import AnchorFreshness
from abzu.domain.anchors import Staleness, TrackedAnchor

# File anchors with a commit, of live beads of a project with a root; "file deleted" is final (it
# waits for a reviewer). `+a.kind`: a plain scan of the anchors table, twice as fast here as
# walking the (kind, value) index and looking every row up.
_LIVE = """
SELECT a.memory_id, a.value, a.git_commit, p.path AS root, a.stale
FROM bead_anchors a JOIN beads b ON b.id = a.memory_id JOIN projects p ON p.name = b.project
WHERE +a.kind = 'file' AND a.git_commit IS NOT NULL AND p.path IS NOT NULL
  AND b.superseded_by IS NULL AND COALESCE(b.gemini_flagged, 0) = 0
  AND (a.stale IS NULL OR a.stale = :changed)"""
_MARK = ("UPDATE bead_anchors SET stale = :stale "
         "WHERE memory_id = :id AND kind = 'file' AND value = :path")


class SqliteAnchorFreshness(AnchorFreshness):
    def __init__(self, wisdom: DbSource, *, actor: str = MAINTENANCE) -> None:
        self._source, self._actor = wisdom, actor

    def tracked(self, groups: int, anchors: int) -> list[TrackedAnchor]:
        """Pairs holding fresh anchors first, at random otherwise: when a store has more pairs
        than one pass checks, successive passes take turns over all of them."""
        by_pair: dict[tuple[str, str], list[TrackedAnchor]] = defaultdict(list)
        conn = start(self._source, read_only=True, actor=None)  # no write lock
        try:
            rows = conn.fetch(_LIVE, {"changed": Staleness.CHANGED.value})
        finally:
            conn.close()
        for r in rows:
            stale = Staleness(r["stale"]) if r["stale"] else None
            by_pair[(r["root"], r["git_commit"])].append(
                TrackedAnchor(r["memory_id"], r["value"], r["git_commit"], r["root"], stale))
        pairs = list(by_pair)
        random.shuffle(pairs)
        pairs.sort(key=lambda pair: all(a.stale for a in by_pair[pair]))  # stable: fresh first
        return [a for pair in pairs[:groups] for a in by_pair[pair]][:anchors]

    def mark(self, marks: Sequence[tuple[TrackedAnchor, Staleness | None]]) -> None:
        rows = [{"stale": reason.value if reason else None, "id": a.memory_id, "path": a.path}
                for a, reason in marks]
        conn = start(self._source, read_only=False, actor=self._actor)
        try:
            conn.executemany(_MARK, rows)
            clear_actor(conn)
            conn.commit()
        finally:
            conn.close()
