"""wisdom.db: `bead_sources`, what a bead was derived from (issue 15, the `derived_from` relation).

A promotion records the candidate a bead came from, a consolidation every candidate and bead it
merged: one row per (bead, source). Candidates leave staging and merged beads are superseded, so
without this a bead could not say where it came from. Ids only, never content. The rows go with
their bead (ON DELETE CASCADE), and each one is in the bead's history as "derived (from …)",
written by a trigger like every other event (events_ddl.py), with the writer's name.

Revision ID: w0007
"""

from alembic import op

from abzu.adapters.sqlite.migrations.event_actor import with_who
from abzu.adapters.sqlite.migrations.events_ddl import on_change

revision = "w0007"
down_revision = "w0006"
branch_labels = None
depends_on = None

TABLE = (
    "CREATE TABLE bead_sources ("
    " bead_id TEXT NOT NULL REFERENCES beads(id) ON DELETE CASCADE,"
    " source_id TEXT NOT NULL,"
    " PRIMARY KEY (bead_id, source_id)) WITHOUT ROWID"
)
INDEX = "CREATE INDEX idx_bead_sources_source ON bead_sources (source_id)"  # what became of c-…
# doctor --repair recreates it from here (event_triggers.py)
TRIGGERS = [with_who(on_change("bead_sources_ev_insert", "AFTER INSERT ON bead_sources", "new.bead_id",
                               "'derived'", "'from ' || new.source_id"))]


def upgrade() -> None:
    for statement in (TABLE, INDEX, *TRIGGERS):
        op.execute(statement)


def downgrade() -> None:
    op.execute("DROP TRIGGER IF EXISTS bead_sources_ev_insert")
    op.execute("DROP TABLE IF EXISTS bead_sources")
