"""abzu.db: what the session lifecycle needs beyond s0002 (issue 4).

- `sessions.last_offset`: transcript size at the latest hook, i.e. how far a session is known to
  have got (a crashed session's transcript tail is mined from the cursor up to at least there).
- `injection_log.event_key` (unique): hook journal entries are ingested at least once; the key
  makes a replayed injection record a no-op.
- An index for "the newest summaries of a project".

Revision ID: s0003
"""

from alembic import op

revision = "s0003"
down_revision = "s0002"
branch_labels = None
depends_on = None

STATEMENTS = [
    "ALTER TABLE sessions ADD COLUMN last_offset INTEGER",
    "ALTER TABLE injection_log ADD COLUMN event_key TEXT",
    "CREATE UNIQUE INDEX idx_injection_log_key ON injection_log(event_key)",
    "CREATE INDEX idx_summaries_recent ON session_summaries(project, is_final, created_at)",
]


def upgrade() -> None:
    for statement in STATEMENTS:
        op.execute(statement)


def downgrade() -> None:
    for statement in (
        "DROP INDEX IF EXISTS idx_summaries_recent",
        "DROP INDEX IF EXISTS idx_injection_log_key",
        "ALTER TABLE injection_log DROP COLUMN event_key",
        "ALTER TABLE sessions DROP COLUMN last_offset",
    ):
        op.execute(statement)
