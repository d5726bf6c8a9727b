"""abzu.db: what a transcript cursor has read and counted (issue 29.9), and open loops (issue 29).

`transcript_cursors.read_to`: how far the passes over a transcript have read (`byte_offset`
may stay behind on a failure waiting for its fix); `failures`: the failures they counted
(JSON), so bytes read again are neither reported nor counted twice.

`open_loops`: what a session's final summary left open (a task, a change not done, an error),
kept until a later session resolves it or a person dismisses it; closed rows stay (status,
closed_at, closed_by) so that a session older than the closing cannot open it again.

Revision ID: s0015
"""

from alembic import op

revision = "s0015"
down_revision = "s0014"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute("ALTER TABLE transcript_cursors ADD COLUMN read_to INTEGER")
    op.execute("ALTER TABLE transcript_cursors ADD COLUMN failures TEXT")
    op.execute("""
        CREATE TABLE open_loops (
            id TEXT PRIMARY KEY,
            project TEXT NOT NULL,
            kind TEXT NOT NULL CHECK (kind IN ('task', 'not-done', 'error')),
            text TEXT NOT NULL,
            match_hash TEXT NOT NULL,
            session_id TEXT NOT NULL,
            opened_at TEXT NOT NULL,
            seen_at TEXT NOT NULL,
            status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'resolved', 'dismissed')),
            closed_at TEXT,
            closed_by TEXT
        )""")
    # The briefing's read: a project's open loops, newest first.
    op.execute("CREATE INDEX idx_open_loops_project ON open_loops(project, status, seen_at)")


def downgrade() -> None:
    op.execute("DROP TABLE open_loops")
    op.execute("ALTER TABLE transcript_cursors DROP COLUMN failures")  # SQLite >= 3.35
    op.execute("ALTER TABLE transcript_cursors DROP COLUMN read_to")
