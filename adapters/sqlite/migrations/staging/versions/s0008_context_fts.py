"""abzu.db: the "why" column (`bead_candidates.context`: the request and exchange a candidate
came from) joins candidates_fts.

The index is recreated with `context` as its last column and rebuilt from `bead_candidates`,
with its triggers (`fts_ddl.recreate_fts`). Searches weigh the column low
(adapters/sqlite/search.py).

Revision ID: s0008
"""

from alembic import op

from abzu.adapters.sqlite.migrations.fts_ddl import recreate_fts

revision = "s0008"
down_revision = "s0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    for statement in recreate_fts(
        "bead_candidates", "candidates_fts", "candidates", ("content", "summary", "context")
    ):
        op.execute(statement)


def downgrade() -> None:
    for statement in recreate_fts("bead_candidates", "candidates_fts", "candidates", ("content", "summary")):
        op.execute(statement)
