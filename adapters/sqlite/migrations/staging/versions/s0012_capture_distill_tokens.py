"""abzu.db: `extraction_log.tokens`, what a distillation reported spending (issue 11, token cap).

The daily token cap of distillation sums it; heuristic rows leave it NULL (nothing spent).

Revision ID: s0012
"""

from alembic import op

revision = "s0012"
down_revision = "s0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute("ALTER TABLE extraction_log ADD COLUMN tokens INTEGER")


def downgrade() -> None:
    op.execute("ALTER TABLE extraction_log DROP COLUMN tokens")  # SQLite >= 3.35
