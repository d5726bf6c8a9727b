"""wisdom.db: anchors (issue 16): the files and command prefixes a reviewed bead is about.

One row per (bead, kind, value); the index on (kind, value) is what the PreToolUse hook reads
before every edit. A bead's anchors go with it (ON DELETE CASCADE).

Revision ID: w0005
"""

from alembic import op

revision = "w0005"
down_revision = "w0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute(
        "CREATE TABLE bead_anchors ("
        " memory_id TEXT NOT NULL REFERENCES beads(id) ON DELETE CASCADE,"
        " kind TEXT NOT NULL CHECK (kind IN ('file', 'command')),"
        " value TEXT NOT NULL,"
        " git_commit TEXT,"
        " PRIMARY KEY (memory_id, kind, value))"
    )
    op.execute("CREATE INDEX idx_bead_anchors_value ON bead_anchors (kind, value)")


def downgrade() -> None:
    op.execute("DROP TABLE bead_anchors")
