"""wisdom.db: one covering index for the counts `abzu status`, `enki_status` and the web page's
Health page read (issue 18: the page at 10k beads).

Every count there is over live beads (`superseded_by IS NULL`) by category, project, starred,
and the decay weight (from `last_accessed` / `created_at`). Without it each count scanned the
table (rows hold whole memories): ~35 ms of CPU at 10k beads; with it they read the index only.

Revision ID: w0009
"""

from alembic import op

revision = "w0009"
down_revision = "w0008"
branch_labels = None
depends_on = None

INDEX = ("CREATE INDEX IF NOT EXISTS idx_beads_live_stats ON beads "
         "(superseded_by, category, project, starred, last_accessed, created_at)")


def upgrade() -> None:
    op.execute(INDEX)


def downgrade() -> None:
    op.execute("DROP INDEX IF EXISTS idx_beads_live_stats")
