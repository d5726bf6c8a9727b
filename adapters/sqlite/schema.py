"""SQLAlchemy Core views of the tables of spec §16 (plus documented extensions).

The DDL itself lives in the Alembic migrations; FTS tables and triggers are not modelled here.
An integration test checks that these columns match the migrated databases.
"""

from sqlalchemy import Column, Float, Integer, LargeBinary, MetaData, Table, Text

wisdom_metadata = MetaData()
staging_metadata = MetaData()

projects = Table(
    "projects", wisdom_metadata,
    Column("name", Text, primary_key=True),
    Column("path", Text),
    Column("created_at", Text),
    Column("last_active", Text),
    Column("remote", Text),  # w0014 (issue 29)
)

beads = Table(
    "beads", wisdom_metadata,
    Column("id", Text, primary_key=True),
    Column("content", Text, nullable=False),
    Column("summary", Text),
    Column("category", Text, nullable=False),
    Column("project", Text),
    Column("weight", Float),
    Column("starred", Integer),
    Column("content_hash", Text, nullable=False),
    Column("tags", Text),
    Column("context", Text),
    Column("superseded_by", Text),
    Column("gemini_flagged", Integer),
    Column("flag_reason", Text),
    Column("created_at", Text),
    Column("last_accessed", Text),
    Column("promoted_at", Text),
    Column("vouched_by", Text, nullable=False),  # w0015: agent, person or review (domain/bead.py)
)

user_profile = Table(
    "user_profile", wisdom_metadata,
    Column("key", Text, primary_key=True),
    Column("value", Text, nullable=False),
    Column("source", Text, nullable=False),
    Column("confidence", Float),
    Column("project_id", Text),
    Column("created_at", Text),
    Column("updated_at", Text),
)

session_summaries = Table(
    "session_summaries", staging_metadata,
    Column("id", Text, primary_key=True),
    Column("session_id", Text, nullable=False),
    Column("project", Text),
    Column("sequence", Integer),
    Column("goal", Text),
    Column("phase", Text),
    Column("operational_state", Text),
    Column("conversational_state", Text),
    Column("is_final", Integer),
    Column("created_at", Text),
)

bead_candidates = Table(
    "bead_candidates", staging_metadata,
    Column("id", Text, primary_key=True),
    Column("content", Text, nullable=False),
    Column("summary", Text),
    Column("category", Text, nullable=False),
    Column("project", Text),
    Column("content_hash", Text, nullable=False),
    Column("source", Text, nullable=False),
    Column("session_id", Text),
    Column("created_at", Text),
    Column("tags", Text),
    Column("context", Text),
    Column("superseded_by", Text),
)

extraction_log = Table(
    "extraction_log", staging_metadata,
    Column("id", Text, primary_key=True),
    Column("session_id", Text, nullable=False),
    Column("jsonl_path", Text),
    Column("extracted_at", Text),
    Column("candidates_created", Integer),
    Column("method", Text, nullable=False),
    Column("status", Text),  # s0002
    Column("detail", Text),
    Column("tokens", Integer),  # s0012: what a distillation reported spending
    Column("child_session_id", Text),  # s0016: the Claude Code session a distillation ran as
)

# --- review ---
review_log = Table(
    "review_log", staging_metadata,
    Column("id", Text, primary_key=True),
    Column("kind", Text, nullable=False),
    Column("project", Text),
    Column("reviewer", Text, nullable=False),
    Column("model", Text),
    Column("started_at", Text, nullable=False),
    Column("finished_at", Text),
    Column("duration_ms", Integer),
    Column("tokens_in", Integer),
    Column("tokens_out", Integer),
    Column("cost_estimate", Float),
    Column("promoted", Integer),
    Column("consolidated", Integer),
    Column("discarded", Integer),
    Column("flagged", Integer),
    Column("kept", Integer),
    Column("rejected", Integer),
    Column("held_back", Integer),
    Column("failed_batches", Integer),
    Column("snapshot", Text),
    Column("undone_at", Text),
    Column("report", Text, nullable=False),
)

review_archive = Table(
    "review_archive", staging_metadata,
    Column("review_id", Text, primary_key=True),
    Column("candidate_id", Text, primary_key=True),
    Column("payload", Text, nullable=False),
)

bead_anchors = Table(
    "bead_anchors", wisdom_metadata,
    Column("memory_id", Text, primary_key=True),
    Column("kind", Text, primary_key=True),
    Column("value", Text, primary_key=True),
    Column("git_commit", Text),
    Column("stale", Text),  # w0008: "code changed" / "file deleted", set by maintenance
)

bead_sources = Table(  # w0007: what a bead was derived from (promotion, consolidation)
    "bead_sources", wisdom_metadata,
    Column("bead_id", Text, primary_key=True),
    Column("source_id", Text, primary_key=True),
)

candidate_anchors = Table(
    "candidate_anchors", staging_metadata,
    Column("memory_id", Text, primary_key=True),
    Column("kind", Text, primary_key=True),
    Column("value", Text, primary_key=True),
    Column("git_commit", Text),
)

FTS_TRIGGERS = {
    "wisdom": ("beads_ai", "beads_ad", "beads_au"),
    "staging": ("candidates_ai", "candidates_ad", "candidates_au"),
}
FTS_TABLES = {"wisdom": ("beads_fts",), "staging": ("candidates_fts",)}


def _vectors(name: str, metadata: MetaData) -> Table:
    """The semantic extra's embeddings (migrations/vector_ddl.py): float16 bytes per memory."""
    return Table(
        name, metadata,
        Column("id", Text, primary_key=True),
        Column("model", Text, nullable=False),
        Column("dim", Integer, nullable=False),
        Column("vector", LargeBinary, nullable=False),
        Column("content_hash", Text, nullable=False),
    )


bead_vectors = _vectors("bead_vectors", wisdom_metadata)
candidate_vectors = _vectors("candidate_vectors", staging_metadata)
