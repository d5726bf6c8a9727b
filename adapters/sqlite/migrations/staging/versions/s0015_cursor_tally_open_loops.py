"""abzu.db: what a transcript cursor has read and counted (issue 29.9).

`transcript_cursors.read_to`: how far the passes over a transcript have read (`byte_offset`
may stay behind on a failure waiting for its fix); `failures`: the failures they counted
(JSON), so bytes read again are neither reported nor counted twice.

Revision ID: s0015
"""

from alembic import op

revision = "s0015"
down_revision = "s0014"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute("ALTER TABLE transcript_cursors ADD COLUMN read_to INTEGER")
    op.execute("ALTER TABLE transcript_cursors ADD COLUMN failures TEXT")


def downgrade() -> None:
    op.execute("ALTER TABLE transcript_cursors DROP COLUMN failures")  # SQLite >= 3.35
    op.execute("ALTER TABLE transcript_cursors DROP COLUMN read_to")
