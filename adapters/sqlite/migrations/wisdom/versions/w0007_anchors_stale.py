"""wisdom.db: anchors that notice change (issue 16.3): `bead_anchors.stale`.

NULL while the anchored file is as it was at the anchor's commit; "code changed" or "file
deleted" once maintenance saw git say otherwise. The bead itself is never touched (recall reads
the mark and halves its weight). A trigger records each mark in the history, `who` included
(maintenance), like every other change; the event holds the reason, never a path or text.

Revision ID: w0007
"""

from alembic import op

revision = "w0007"
down_revision = "w0006"
branch_labels = None
depends_on = None

NOW = "strftime('%Y-%m-%d %H:%M:%f', 'now')"
EVENT = "CASE WHEN new.stale = 'file deleted' THEN 'flagged for review' ELSE 'stale' END"
STATEMENTS = [
    "ALTER TABLE bead_anchors ADD COLUMN stale TEXT CHECK (stale IN ('code changed', 'file deleted'))",
    # Every bead search reads a hit's worst mark: a partial index holds only the marked anchors,
    # so the lookup costs next to nothing for the many beads that have none.
    "CREATE INDEX idx_bead_anchors_stale ON bead_anchors (memory_id, stale) WHERE stale IS NOT NULL",
    "CREATE TRIGGER bead_anchors_ev_stale AFTER UPDATE OF stale ON bead_anchors "
    "WHEN new.stale IS NOT NULL AND old.stale IS NOT new.stale BEGIN "
    "INSERT INTO memory_events(at, item_id, event, detail, who) "
    f"VALUES ({NOW}, new.memory_id, {EVENT}, new.stale, (SELECT who FROM event_actor WHERE id = 1)); END",
]


def upgrade() -> None:
    # `abzu doctor --repair` on a store still at w0006 may already have created the trigger (it
    # recreates missing history triggers from STATEMENTS; SQLite checks its columns only on use).
    op.execute("DROP TRIGGER IF EXISTS bead_anchors_ev_stale")
    for statement in STATEMENTS:
        op.execute(statement)


def downgrade() -> None:
    op.execute("DROP TRIGGER IF EXISTS bead_anchors_ev_stale")
    op.execute("DROP INDEX IF EXISTS idx_bead_anchors_stale")
    op.execute("ALTER TABLE bead_anchors DROP COLUMN stale")
