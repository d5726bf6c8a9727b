"""abzu.db: `extraction_log.child_session_id`, the Claude Code session a `claude -p` distillation
ran as (issue 29.1). Its transcript is Abzu's own work, never a user's session: back-fill, the
missed count and recovery pass it by name.

Revision ID: s0016
"""

from alembic import op

revision = "s0016"
down_revision = "s0015"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute("ALTER TABLE extraction_log ADD COLUMN child_session_id TEXT")


def downgrade() -> None:
    op.execute("ALTER TABLE extraction_log DROP COLUMN child_session_id")  # SQLite >= 3.35
