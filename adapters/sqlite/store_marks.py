"""A mark of what the session-start block reads from both stores, taken with one read-only query
per store (standard library `sqlite3`): equal marks mean the recall pack is still what a live
query would answer (adapters/recall_pack.py).

Why not file times or `PRAGMA data_version`: `data_version` is per connection, and the files
change without any write to the memories (the last connection closing checkpoints the WAL into
the database file; a read-only open creates `-shm`). The stores already keep counters that
persist and move with every change that matters here: `memory_events.seq` (it only grows; a
trigger writes one row per bead/candidate insert, weight, star, flag, supersede, content change,
hand edit of summary, tags or category (w0011, s0014) and delete), the session, summary and
review rows behind "Last session" and the delta header, the open loops (s0015: opened, seen
again, resolved or dismissed, issue 29) and the project registry.

Recall stamps (`beads.last_accessed`) are left out on purpose: every recall stamps, so a mark
that moved with them made the pack stale in the sessions that use Abzu at all, and the pack was
then almost never read (issue 13). What that costs: decay is by steps (1.0 until 90 idle days),
so a stamp changes a weight only for a bead idle 90 days or more, and until the next
finalisation or review re-takes the pack, such a bead keeps its decayed weight in the block.
"""

import sqlite3
from pathlib import Path

WISDOM_MARK = """SELECT (SELECT max(seq) FROM memory_events),
  (SELECT group_concat(name || '=' || coalesce(path, '') || '=' || coalesce(remote, ''), '|')
     FROM projects)"""
STAGING_MARK = """SELECT (SELECT max(seq) FROM memory_events),
  (SELECT count(*) || '/' || coalesce(max(rowid), 0) FROM session_summaries),
  (SELECT count(*) || '/' || coalesce(max(started_at), '') || '/' || coalesce(max(finalized_at), '')
     || '/' || coalesce(max(ended_at), '') FROM sessions),
  (SELECT count(*) || '/' || coalesce(max(finished_at), '') FROM review_log),
  (SELECT count(*) || '/' || total(status = 'open') || '/' || coalesce(max(seen_at), '') || '/'
     || coalesce(max(closed_at), '') FROM open_loops)"""

Mark = tuple[object, ...]


def store_marks(wisdom: Path, staging: Path) -> Mark | None:
    """Both stores' marks, or None when either cannot be read (missing, not migrated, busy)."""
    first, second = read_marks(wisdom, WISDOM_MARK), read_marks(staging, STAGING_MARK)
    return None if first is None or second is None else (*first, *second)


def read_marks(path: Path, *queries: str) -> Mark | None:
    """The first row of each query, in one tuple, on one read-only connection."""
    if not path.is_file():
        return None
    try:
        conn = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True, timeout=0.2)
    except sqlite3.Error:
        return None
    try:
        return tuple(value for sql in queries for value in conn.execute(sql).fetchone())
    except sqlite3.Error:
        return None
    finally:
        conn.close()
