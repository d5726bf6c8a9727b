"""wisdom.db: the "why" column (`beads.context`: where a memory came from) joins beads_fts.

The index is recreated with `context` as its last column and rebuilt from `beads`, with its
triggers (`fts_ddl.recreate_fts`). Searches weigh the column low (adapters/sqlite/search.py).

Revision ID: w0003
"""

from alembic import op

from abzu.adapters.sqlite.migrations.fts_ddl import recreate_fts

revision = "w0003"
down_revision = "w0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    for statement in recreate_fts("beads", "beads_fts", "beads", ("content", "summary", "tags", "context")):
        op.execute(statement)


def downgrade() -> None:
    for statement in recreate_fts("beads", "beads_fts", "beads", ("content", "summary", "tags")):
        op.execute(statement)
