"""wisdom.db: a stale mark taken off an anchor is recorded ("fresh again"), as w0008 records
putting it on: maintenance seeing the file back as it was, a memory observed again at a newer
commit (remembered again, merged, or rewritten by hand with `abzu edit`). The detail is the mark
lifted, never a path or text; `who` says which writer lifted it.

Revision ID: w0012
"""

from abzu.adapters.sqlite.migrations.event_actor import with_who
from abzu.adapters.sqlite.migrations.events_ddl import on_change, run

revision = "w0012"
down_revision = "w0011"
branch_labels = None
depends_on = None

TRIGGERS = [with_who(on_change(  # doctor --repair recreates it from here (event_triggers.py)
    "bead_anchors_ev_fresh",
    "AFTER UPDATE OF stale ON bead_anchors WHEN old.stale IS NOT NULL AND new.stale IS NULL",
    "new.memory_id", "'fresh again'", "old.stale",
))]


def upgrade() -> None:
    run(["DROP TRIGGER IF EXISTS bead_anchors_ev_fresh", *TRIGGERS])  # doctor --repair may have made it


def downgrade() -> None:
    run(["DROP TRIGGER IF EXISTS bead_anchors_ev_fresh"])
