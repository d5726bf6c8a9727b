"""wisdom.db: a hand edit of a bead's summary, tags or category alone is recorded ("edited"),
so the history, and the recall pack's store mark, move with it (migrations/edit_events.py).

Revision ID: w0011
"""

from abzu.adapters.sqlite.migrations.edit_events import edited_trigger
from abzu.adapters.sqlite.migrations.events_ddl import run

revision = "w0011"
down_revision = "w0010"
branch_labels = None
depends_on = None

TRIGGERS = [edited_trigger("beads_ev_edit", "beads")]  # doctor --repair recreates it from here


def upgrade() -> None:
    run(["DROP TRIGGER IF EXISTS beads_ev_edit", *TRIGGERS])  # doctor --repair may have made it


def downgrade() -> None:
    run(["DROP TRIGGER IF EXISTS beads_ev_edit"])
