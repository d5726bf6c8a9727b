"""abzu.db: anchors (issue 16) of staged candidates; they move to wisdom.db on promotion.

Revision ID: s0010
"""

from alembic import op

revision = "s0010"
down_revision = "s0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute(
        "CREATE TABLE candidate_anchors ("
        " memory_id TEXT NOT NULL REFERENCES bead_candidates(id) ON DELETE CASCADE,"
        " kind TEXT NOT NULL CHECK (kind IN ('file', 'command')),"
        " value TEXT NOT NULL,"
        " git_commit TEXT,"
        " PRIMARY KEY (memory_id, kind, value))"
    )
    op.execute("CREATE INDEX idx_candidate_anchors_value ON candidate_anchors (kind, value)")


def downgrade() -> None:
    op.execute("DROP TABLE candidate_anchors")
