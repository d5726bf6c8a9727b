"""wisdom.db: anchors that notice change (issue 16.3): `bead_anchors.stale`.

NULL while the anchored file is as it was at the anchor's commit; "code changed" or "file
deleted" once maintenance saw git say otherwise. The bead itself is never touched (searches read
the mark and halve its ranking weight). A partial index holds only the marked anchors, so every
bead search can read a hit's mark for next to nothing. A trigger records each mark in the
history, `who` included (maintenance), like every other change; the event holds the reason,
never a path or text.

Revision ID: w0008
"""

from alembic import op

from abzu.adapters.sqlite.migrations.event_actor import with_who
from abzu.adapters.sqlite.migrations.events_ddl import on_change

revision = "w0008"
down_revision = "w0007"
branch_labels = None
depends_on = None

COLUMN = "ALTER TABLE bead_anchors ADD COLUMN stale TEXT CHECK (stale IN ('code changed', 'file deleted'))"
INDEX = "CREATE INDEX idx_bead_anchors_stale ON bead_anchors (memory_id, stale) WHERE stale IS NOT NULL"
EVENT = "CASE WHEN new.stale = 'file deleted' THEN 'flagged for review' ELSE 'stale' END"
# doctor --repair recreates it from here (event_triggers.py)
TRIGGERS = [with_who(on_change(
    "bead_anchors_ev_stale",
    "AFTER UPDATE OF stale ON bead_anchors WHEN new.stale IS NOT NULL AND old.stale IS NOT new.stale",
    "new.memory_id", EVENT, "new.stale",
))]


def upgrade() -> None:
    # `abzu doctor --repair` on a store still at w0007 may already have created the trigger (it
    # recreates missing history triggers from TRIGGERS; SQLite checks their columns only on use).
    op.execute("DROP TRIGGER IF EXISTS bead_anchors_ev_stale")
    for statement in (COLUMN, INDEX, *TRIGGERS):
        op.execute(statement)


def downgrade() -> None:
    op.execute("DROP TRIGGER IF EXISTS bead_anchors_ev_stale")
    op.execute("DROP INDEX IF EXISTS idx_bead_anchors_stale")
    op.execute("ALTER TABLE bead_anchors DROP COLUMN stale")
