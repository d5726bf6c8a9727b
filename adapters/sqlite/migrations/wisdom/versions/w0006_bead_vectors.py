"""wisdom.db: `bead_vectors`, the semantic extra's embeddings of beads (issue 12.4).

Empty unless `abzu embed` runs with `abzu[semantic]` installed; see migrations/vector_ddl.py.

Revision ID: w0006
"""

from alembic import op

from abzu.adapters.sqlite.migrations.vector_ddl import drop_vector_table, vector_table

revision = "w0006"
down_revision = "w0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    for statement in vector_table("bead_vectors", "beads"):
        op.execute(statement)


def downgrade() -> None:
    for statement in drop_vector_table("bead_vectors"):
        op.execute(statement)
