"""wisdom.db: the index session start's "notable memories" read in order (issue 13).

adapters/sqlite/context_sql.py NOTABLE lists a project's live, unflagged beads starred first,
then decisions, fixes, the rest, newest first. Without an index SQLite read every bead of the
project and sorted them all for a dozen rows (~4.5 ms at 10k beads); this partial index holds
exactly the rows the query may return, keyed by its ORDER BY (the CASE is the query's own
expression, which SQLite must see verbatim to use the index), so the query reads the first
`limit` entries and stops. `id` last: ties fall in a defined order.

Revision ID: w0013
"""

from alembic import op

revision = "w0013"
down_revision = "w0012"
branch_labels = None
depends_on = None

INDEX = ("CREATE INDEX IF NOT EXISTS idx_beads_notable ON beads (project, starred DESC, "
         "(CASE category WHEN 'decision' THEN 0 WHEN 'fix' THEN 1 ELSE 2 END), created_at DESC, id) "
         "WHERE superseded_by IS NULL AND gemini_flagged = 0")


def upgrade() -> None:
    op.execute(INDEX)


def downgrade() -> None:
    op.execute("DROP INDEX IF EXISTS idx_beads_notable")
