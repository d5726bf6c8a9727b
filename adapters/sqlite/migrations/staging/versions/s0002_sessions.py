"""abzu.db: session tracking, transcript cursors and injection records (issue 4).

- `sessions`: every Claude Code session any hook has seen, so one without a final summary can be
  recovered at the next session start (crash recovery, spec §7).
- `transcript_cursors`: how far each transcript has been mined (byte offset after the last full line).
- `extracted_messages`: idempotency of extraction — one row per (session, message uuid, kind).
- `injection_log`: every injected block (event, characters, collapsed or not), for debugging
  continuity loss (spec §7 "log the collapse event").
- `extraction_log` gains `status` (ok / skipped-format / failed) and `detail`.

Revision ID: s0002
"""

from alembic import op

revision = "s0002"
down_revision = "s0001"
branch_labels = None
depends_on = None

STATEMENTS = [
    """CREATE TABLE sessions (
        session_id TEXT PRIMARY KEY,
        project TEXT,
        transcript_path TEXT,
        cwd TEXT,
        started_at TIMESTAMP,
        last_event TEXT,
        last_event_at TIMESTAMP,
        ended_at TIMESTAMP,
        finalized_at TIMESTAMP,
        finalized_by TEXT CHECK (finalized_by IN ('session_end', 'recovery'))
    )""",
    "CREATE INDEX idx_sessions_project ON sessions(project, finalized_at)",
    """CREATE TABLE transcript_cursors (
        session_id TEXT PRIMARY KEY,
        transcript_path TEXT NOT NULL,
        byte_offset INTEGER NOT NULL DEFAULT 0,
        updated_at TIMESTAMP
    )""",
    """CREATE TABLE extracted_messages (
        session_id TEXT NOT NULL,
        message_uuid TEXT NOT NULL,
        kind TEXT NOT NULL,
        candidate_id TEXT,
        created_at TIMESTAMP,
        PRIMARY KEY (session_id, message_uuid, kind)
    )""",
    """CREATE TABLE injection_log (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        session_id TEXT,
        event TEXT NOT NULL,
        tier TEXT,
        characters INTEGER NOT NULL,
        collapsed INTEGER NOT NULL DEFAULT 0,
        created_at TIMESTAMP
    )""",
    "ALTER TABLE extraction_log ADD COLUMN status TEXT",
    "ALTER TABLE extraction_log ADD COLUMN detail TEXT",
]


def upgrade() -> None:
    for statement in STATEMENTS:
        op.execute(statement)


def downgrade() -> None:
    for name in ("injection_log", "extracted_messages", "transcript_cursors", "sessions"):
        op.execute(f"DROP TABLE IF EXISTS {name}")
