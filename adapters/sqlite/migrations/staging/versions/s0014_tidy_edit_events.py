"""abzu.db: a hand edit of a candidate's summary, tags or category alone is recorded ("edited"),
so the history, and the recall pack's store mark, move with it (migrations/edit_events.py).

Revision ID: s0014
"""

from abzu.adapters.sqlite.migrations.edit_events import edited_trigger
from abzu.adapters.sqlite.migrations.events_ddl import run

revision = "s0014"
down_revision = "s0013"
branch_labels = None
depends_on = None

TRIGGERS = [edited_trigger("candidates_ev_edit", "bead_candidates")]  # doctor --repair recreates it


def upgrade() -> None:
    run(["DROP TRIGGER IF EXISTS candidates_ev_edit", *TRIGGERS])  # doctor --repair may have made it


def downgrade() -> None:
    run(["DROP TRIGGER IF EXISTS candidates_ev_edit"])
