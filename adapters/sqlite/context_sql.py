"""SQL of the stdlib read side (context_reader.py) other than search: its full-text search is
the one of adapters/sqlite/search.py, shared with recall."""

NOTABLE = """
SELECT b.id, b.category, b.project, b.content, b.summary, b.created_at, b.last_accessed,
       1.0 AS strength, {weight} AS live_weight
FROM beads b
WHERE b.project = :project AND b.superseded_by IS NULL AND b.gemini_flagged = 0
ORDER BY b.starred DESC,
         CASE b.category WHEN 'decision' THEN 0 WHEN 'fix' THEN 1 ELSE 2 END,
         b.created_at DESC
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
