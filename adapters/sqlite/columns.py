"""The columns of the tables the repositories write, as plain tuples, and the SQL built from them.

The one code view of the stores' columns (the DDL lives in the Alembic migrations); a test
holds these tuples equal to the migrated tables' columns, in order, so the two cannot drift.
"""

from functools import cache

BEADS = (
    "id", "content", "summary", "category", "project", "weight", "starred", "content_hash",
    "tags", "context", "superseded_by", "gemini_flagged", "flag_reason", "created_at",
    "last_accessed", "promoted_at", "vouched_by",
)
CANDIDATES = (
    "id", "content", "summary", "category", "project", "content_hash", "source", "session_id",
    "created_at", "tags", "context", "superseded_by",
)
PROJECTS = ("name", "path", "created_at", "last_active", "remote")
SUMMARIES = (
    "id", "session_id", "project", "sequence", "goal", "phase", "operational_state",
    "conversational_state", "is_final", "created_at",
)
SESSIONS = (
    "session_id", "project", "transcript_path", "cwd", "started_at", "last_event",
    "last_event_at", "ended_at", "finalized_at", "finalized_by", "last_offset",
)
REVIEW_LOG = (
    "id", "kind", "project", "reviewer", "model", "started_at", "finished_at", "duration_ms",
    "tokens_in", "tokens_out", "cost_estimate", "promoted", "consolidated", "discarded",
    "flagged", "kept", "rejected", "held_back", "failed_batches", "snapshot", "undone_at",
    "report",
)
REVIEW_ARCHIVE = ("review_id", "candidate_id", "payload")
INJECTION_LOG = (
    "id", "session_id", "event", "tier", "characters", "collapsed", "created_at", "event_key",
)
OPEN_LOOPS = (
    "id", "project", "kind", "text", "match_hash", "session_id", "opened_at", "seen_at", "status",
    "closed_at", "closed_by",
)
PROFILE = ("key", "value", "source", "confidence", "project_id", "created_at", "updated_at")
BEAD_SOURCES = ("bead_id", "source_id")  # w0007: what a bead was derived from
ANCHORS = ("memory_id", "kind", "value", "git_commit")
BEAD_ANCHORS = (*ANCHORS, "stale")  # reviewed memories notice when their code changed (w0008)

# Table name -> columns; the drift test walks this.
TABLES = {
    "beads": BEADS, "bead_candidates": CANDIDATES, "projects": PROJECTS,
    "session_summaries": SUMMARIES, "sessions": SESSIONS, "review_log": REVIEW_LOG,
    "review_archive": REVIEW_ARCHIVE, "injection_log": INJECTION_LOG,
    "bead_anchors": BEAD_ANCHORS, "candidate_anchors": ANCHORS, "open_loops": OPEN_LOOPS,
    "user_profile": PROFILE, "bead_sources": BEAD_SOURCES,
}


@cache
def insert_sql(table: str, columns: tuple[str, ...], verb: str = "INSERT") -> str:
    """`INSERT INTO t (a, b) VALUES (:a, :b)`; `verb` may be `INSERT OR IGNORE`."""
    return f"{verb} INTO {table} ({', '.join(columns)}) VALUES ({', '.join(':' + c for c in columns)})"


@cache
def update_sql(table: str, columns: tuple[str, ...], key: str) -> str:
    """Every column but `key` set from its parameter; the row matched on `:key` (never rewritten)."""
    sets = ", ".join(f"{c} = :{c}" for c in columns if c != key)
    return f"UPDATE {table} SET {sets} WHERE {key} = :key"


@cache
def select_sql(table: str, columns: tuple[str, ...]) -> str:
    return f"SELECT {', '.join(columns)} FROM {table}"
