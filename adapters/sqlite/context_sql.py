"""SQL of the stdlib read side (context_reader.py) other than search: its full-text search is
the one of adapters/sqlite/search.py, shared with recall."""

# Read in order from idx_beads_notable (w0013): its WHERE and its keys are this WHERE and this
# ORDER BY, written the same way (SQLite matches the CASE verbatim); keep the three in step.
# `b.id` last: beads created in the same instant come in a defined order.
NOTABLE = """
SELECT b.id, b.category, b.project, b.content, b.summary, b.created_at, b.last_accessed,
       1.0 AS strength, {weight} AS live_weight, b.vouched_by
FROM beads b
WHERE b.project = :project AND b.superseded_by IS NULL AND b.gemini_flagged = 0
ORDER BY b.starred DESC,
         CASE b.category WHEN 'decision' THEN 0 WHEN 'fix' THEN 1 ELSE 2 END,
         b.created_at DESC, b.id
LIMIT :limit
"""

LAST_FINAL = """
SELECT * FROM session_summaries
WHERE is_final = 1 AND project = :project AND session_id != :excluding
ORDER BY created_at DESC LIMIT 1
"""

# A later session that never got a final summary (crashed, recovery not run yet).
LAST_PENDING_SNAPSHOT = """
SELECT ss.* FROM session_summaries ss
LEFT JOIN sessions s ON s.session_id = ss.session_id
WHERE ss.is_final = 0 AND ss.sequence > 0 AND ss.project = :project
  AND ss.session_id != :excluding AND s.finalized_at IS NULL
ORDER BY ss.created_at DESC LIMIT 1
"""

SESSION_SUMMARIES = """
SELECT * FROM session_summaries
WHERE session_id = :session_id AND (is_final = 1 OR sequence > 0)
ORDER BY is_final DESC, sequence, created_at
"""

# The delta header (issue 15): the project's previous session start (idx_sessions_project), then
# what waits in staging and when reviews last ran, in one read of abzu.db.
DELTA_STAGING = """
SELECT (SELECT max(started_at) FROM sessions
        WHERE project = :project AND session_id != :excluding) AS since,
       (SELECT count(*) FROM bead_candidates WHERE superseded_by IS NULL) AS staged_total,
       (SELECT max(started_at) FROM review_log WHERE finished_at IS NOT NULL) AS last_review,
       (SELECT max(started_at) FROM review_log
        WHERE finished_at IS NOT NULL AND kind = 'full') AS last_full_review
"""

# Events since then (idx_memory_events_at), of the project's memories and global ones. A row
# deleted since has no project left to check: its events count only while the row exists.
# CROSS JOIN keeps the events as the outer loop: with a plain JOIN the planner walks every
# memory of the project (the OR over idx_beads_project) and looks up its events, ~25 ms at
# 10k beads, where the few events since the last session take ~0.05 ms. Same rows either way.
DELTA_COUNTS = """
SELECT e.event, count(*) AS n
FROM memory_events e CROSS JOIN {table} m ON m.id = e.item_id
WHERE e.at > :since AND (m.project = :project OR m.project IS NULL)
GROUP BY e.event
"""

# The bullets: the newest decisions a review took on reviewed memories. Events outer, as above,
# and `+e.seq` so that the planner reads the events since then by idx_memory_events_at rather
# than every event newest first by seq (~4 ms at 10k beads, against ~0.05 ms).
DELTA_RECENT = """
SELECT e.item_id, e.event, e.detail
FROM memory_events e CROSS JOIN beads m ON m.id = e.item_id
WHERE e.at > :since AND (m.project = :project OR m.project IS NULL)
  AND e.event IN ('promoted', 'flagged', 'superseded')
ORDER BY +e.seq DESC LIMIT 3
"""
