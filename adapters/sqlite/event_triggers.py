"""The history triggers of each store (w0002, s0007; writing `who` since w0004, s0009), as
their migrations created them.

`abzu doctor` checks they are all present and `--repair` recreates the missing ones from the very
statements the migrations ran: a store without them would change without leaving history.
"""

import re
from importlib import import_module

_VERSIONS = "abzu.adapters.sqlite.migrations.{}.versions.{}"
_MIGRATIONS = {  # w0007: the anchors' stale marks (issue 16.3)
    "wisdom": (_VERSIONS.format("wisdom", "w0004_event_actor"),
               _VERSIONS.format("wisdom", "w0007_anchors_stale")),
    "staging": (_VERSIONS.format("staging", "s0009_event_actor"),),
}
_NAME = re.compile(r"CREATE TRIGGER (\w+) ")


def event_triggers(store: str) -> dict[str, str]:
    """Trigger name -> its CREATE statement (imports the migration, and so Alembic: not hot path)."""
    statements: list[str] = [s for module in _MIGRATIONS[store] for s in import_module(module).STATEMENTS]
    return {m.group(1): s for s in statements if (m := _NAME.match(s))}
