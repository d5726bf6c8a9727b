"""abzu.db: who made each change (`memory_events.who`, `event_actor`; issue 15).

The history triggers of s0007 are recreated to copy the current writer's name
(migrations/event_actor.py). Earlier events keep `who` NULL: nobody recorded it.

Revision ID: s0009
"""

from abzu.adapters.sqlite.migrations.event_actor import migration_steps, with_actor
from abzu.adapters.sqlite.migrations.staging.versions.s0007_memory_events import STATEMENTS as S0007

revision = "s0009"
down_revision = "s0008"
branch_labels = None
depends_on = None

# The triggers as they stand now (doctor --repair recreates them from here); the insert trigger
# records a row `abzu review --undo` puts back as "restored by undo".
OLD_TRIGGERS, STATEMENTS = with_actor(S0007, "'staged'")

upgrade, downgrade = migration_steps(OLD_TRIGGERS, STATEMENTS)
