"""The history triggers of each store (w0002, s0007), as their migrations created them.

`abzu doctor` checks they are all present and `--repair` recreates the missing ones from the very
statements the migrations ran: a store without them would change without leaving history.
"""

import re
from importlib import import_module

_MIGRATIONS = {
    "wisdom": "abzu.adapters.sqlite.migrations.wisdom.versions.w0002_memory_events",
    "staging": "abzu.adapters.sqlite.migrations.staging.versions.s0007_memory_events",
}
_NAME = re.compile(r"CREATE TRIGGER (\w+) ")


def event_triggers(store: str) -> dict[str, str]:
    """Trigger name -> its CREATE statement (imports the migration, and so Alembic: not hot path)."""
    statements: list[str] = import_module(_MIGRATIONS[store]).STATEMENTS
    return {m.group(1): s for s in statements if (m := _NAME.match(s))}
