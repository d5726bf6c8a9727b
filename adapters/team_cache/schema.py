"""The cache's tables: the columns the local search reads (adapters/sqlite/search.py, BEADS and
CANDIDATES: same table, index and column names, a bead's `vouched_by` too), plus each
memory's author."""

from abzu.adapters.sqlite.migrations.fts_ddl import recreate_fts
from abzu.adapters.sqlite.migrations.wisdom.versions.w0013_retake_notable_index import INDEX as NOTABLE

STATEMENTS = [
    """CREATE TABLE beads (id TEXT PRIMARY KEY, content TEXT NOT NULL, summary TEXT, category TEXT NOT NULL,
        project TEXT, tags TEXT, context TEXT, created_at TEXT NOT NULL, last_accessed TEXT,
        starred INTEGER NOT NULL DEFAULT 0, superseded_by TEXT, gemini_flagged INTEGER NOT NULL DEFAULT 0,
        vouched_by TEXT NOT NULL, author TEXT NOT NULL, machine TEXT)""",
    """CREATE TABLE bead_candidates (id TEXT PRIMARY KEY, content TEXT NOT NULL, summary TEXT,
        category TEXT NOT NULL, project TEXT, context TEXT, created_at TEXT NOT NULL, superseded_by TEXT,
        author TEXT NOT NULL, machine TEXT)""",
    # The search reads a bead's worst anchor mark; the team's beads carry none.
    "CREATE TABLE bead_anchors (memory_id TEXT NOT NULL, stale TEXT)",
    "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    NOTABLE,  # the session start's notable beads read in order, as in wisdom.db
    *recreate_fts("beads", "beads_fts", "beads", ("content", "summary", "tags", "context"))[4:-1],
    *recreate_fts("bead_candidates", "candidates_fts", "candidates", ("content", "summary", "context"))[4:-1],
]
