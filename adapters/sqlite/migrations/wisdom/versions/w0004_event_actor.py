"""wisdom.db: who made each change (`memory_events.who`, `event_actor`; issue 15).

The history triggers of w0002 are recreated to copy the current writer's name
(migrations/event_actor.py). Earlier events keep `who` NULL: nobody recorded it.

Revision ID: w0004
"""

from abzu.adapters.sqlite.migrations.event_actor import migration_steps, with_actor
from abzu.adapters.sqlite.migrations.wisdom.versions.w0002_memory_events import STATEMENTS as W0002

revision = "w0004"
down_revision = "w0003"
branch_labels = None
depends_on = None

# The triggers as they stand now (doctor --repair recreates them from here); the insert trigger
# records a row `abzu review --undo` puts back as "restored by undo".
INSERTED = "CASE WHEN new.promoted_at IS NULL THEN 'created' ELSE 'promoted' END"
OLD_TRIGGERS, STATEMENTS = with_actor(W0002, INSERTED)

upgrade, downgrade = migration_steps(OLD_TRIGGERS, STATEMENTS)
