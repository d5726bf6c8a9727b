"""The history triggers of each store (w0002, s0007; writing `who` since w0004, s0009; w0007's
`derived`; w0008's stale marks, w0012's lifted; w0011's and s0014's hand edits; w0015's
confirmations), as their migrations created them.

`abzu doctor` checks they are all present and `--repair` recreates the missing ones from the very
statements the migrations ran: a store without them would change without leaving history.
"""

import re
from importlib import import_module

_MIGRATIONS = {  # module -> the list of its statements that holds history triggers
    "wisdom": (("abzu.adapters.sqlite.migrations.wisdom.versions.w0004_event_actor", "STATEMENTS"),
               ("abzu.adapters.sqlite.migrations.wisdom.versions.w0007_trust_derived_from", "TRIGGERS"),
               ("abzu.adapters.sqlite.migrations.wisdom.versions.w0008_anchors_stale", "TRIGGERS"),
               ("abzu.adapters.sqlite.migrations.wisdom.versions.w0011_tidy_edit_events", "TRIGGERS"),
               ("abzu.adapters.sqlite.migrations.wisdom.versions.w0012_tidy_stale_lifted", "TRIGGERS"),
               ("abzu.adapters.sqlite.migrations.wisdom.versions.w0015_vouched_by", "TRIGGERS")),
    "staging": (("abzu.adapters.sqlite.migrations.staging.versions.s0009_event_actor", "STATEMENTS"),
                ("abzu.adapters.sqlite.migrations.staging.versions.s0014_tidy_edit_events", "TRIGGERS")),
}
_NAME = re.compile(r"CREATE TRIGGER (\w+) ")


def event_triggers(store: str) -> dict[str, str]:
    """Trigger name -> its CREATE statement (imports the migration, and so Alembic: not hot path)."""
    statements = [s for module, name in _MIGRATIONS[store] for s in getattr(import_module(module), name)]
    return {m.group(1): s for s in statements if (m := _NAME.match(s))}
