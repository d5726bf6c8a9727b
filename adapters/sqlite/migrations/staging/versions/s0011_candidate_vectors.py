"""abzu.db: `candidate_vectors`, the semantic extra's embeddings of candidates (issue 12.4).

Empty unless `abzu embed` runs with `abzu[semantic]` installed; see migrations/vector_ddl.py.

Revision ID: s0011
"""

from alembic import op

from abzu.adapters.sqlite.migrations.vector_ddl import drop_vector_table, vector_table

revision = "s0011"
down_revision = "s0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    for statement in vector_table("candidate_vectors", "bead_candidates"):
        op.execute(statement)


def downgrade() -> None:
    for statement in drop_vector_table("candidate_vectors"):
        op.execute(statement)
