"""wisdom.db: a project's remote (issue 29): `projects.remote`.

The normalised URL of the repository's remote (`github.com/org/api`; never a credential), so a
repository checked out at another path, or on another machine after `abzu import`, is the same
project. NULL for a project without one (no remote, a name-only project, or registered before
this revision: the next write from its root records it). One project per remote, as one per path.

Revision ID: w0014
"""

from alembic import op

revision = "w0014"
down_revision = "w0013"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute("ALTER TABLE projects ADD COLUMN remote TEXT")
    op.execute("CREATE UNIQUE INDEX idx_projects_remote ON projects(remote) WHERE remote IS NOT NULL")


def downgrade() -> None:
    op.execute("DROP INDEX IF EXISTS idx_projects_remote")
    op.execute("ALTER TABLE projects DROP COLUMN remote")
