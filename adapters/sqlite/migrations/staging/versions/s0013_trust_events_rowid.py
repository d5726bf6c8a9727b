"""abzu.db: `memory_events.seq` a plain rowid key, no AUTOINCREMENT (issue 15: history overhead).

Every row is kept; migrations/events_ddl.py says how and why.

Revision ID: s0013
"""

from abzu.adapters.sqlite.migrations.events_ddl import rebuild_steps

revision = "s0013"
down_revision = "s0012"
branch_labels = None
depends_on = None

upgrade, downgrade = rebuild_steps()
