"""The team store (issue 32): projects, beads, candidates, anchors, sources, the history and who
may read or write which project (roles, row-level security).

Revision ID: t0001
"""

from alembic import op

from abzu.adapters.postgres.migrations import events_ddl, roles_ddl, tables_ddl

revision = "t0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    for statement in (*tables_ddl.STATEMENTS, *events_ddl.STATEMENTS, *roles_ddl.statements()):
        op.execute(statement)


def downgrade() -> None:
    # The group roles stay: they belong to the cluster, and other databases may use them.
    for statement in (*roles_ddl.DROP, *events_ddl.DROP, *tables_ddl.DROP):
        op.execute(statement)
