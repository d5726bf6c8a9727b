"""Who made a change (issue 15: cli, mcp, hook, review:gemini, review:human, maintenance).

`event_actor` holds one row while a write transaction runs: the unit of work sets it when it
opens the transaction and clears it before committing (adapters/sqlite/actor.py), and every
history trigger copies it into `memory_events.who`. Triggers cannot see a connection's TEMP
tables, hence a real one-row table; writers are serialised (BEGIN IMMEDIATE), so the row is the
current transaction's. A writer that does not say who it is leaves `who` NULL, never a stale name.
"""

import re
from collections.abc import Callable

from abzu.adapters.sqlite.migrations.events_ddl import run

ACTOR_TABLE = "CREATE TABLE event_actor (id INTEGER PRIMARY KEY CHECK (id = 1), who TEXT NOT NULL)"
ADD_WHO = "ALTER TABLE memory_events ADD COLUMN who TEXT"
_NAME = re.compile(r"CREATE TRIGGER (\w+) ")
_COLUMNS = "INSERT INTO memory_events(at, item_id, event, detail) VALUES ("
_WHO = "(SELECT who FROM event_actor WHERE id = 1)"


UNDO = "undo"  # the writer `abzu review --undo` names: what it puts back is "restored by undo"


def with_who(trigger: str, inserted: str | None = None) -> str:
    """An earlier history trigger, now also writing `who`; `inserted`: the event expression of
    an insert trigger, so a row undo puts back is recorded as "restored by undo"."""
    assert _COLUMNS in trigger and trigger.endswith("); END"), trigger
    body = trigger.replace(_COLUMNS, "INSERT INTO memory_events(at, item_id, event, detail, who) VALUES (")
    if inserted is not None:
        old = f"new.id, {inserted}, "
        assert old in body, (old, body)
        body = body.replace(old, f"new.id, CASE WHEN {_WHO} = '{UNDO}' THEN 'restored by undo' "
                                 f"ELSE {inserted} END, ", 1)
    return body[: -len("); END")] + f", {_WHO}); END"


def with_actor(statements: list[str], inserted: str) -> tuple[list[str], list[str]]:
    """An earlier migration's history triggers, and the same triggers writing `who` (the insert
    trigger's event expression is `inserted`): what w0004 and s0009 replace, and by what."""
    old = triggers_of(statements)
    return old, [with_who(t, inserted if "_ev_insert " in t else None) for t in old]


def migration_steps(old_triggers: list[str], new_triggers: list[str]
                    ) -> tuple[Callable[[], None], Callable[[], None]]:
    """w0004's and s0009's `upgrade` and `downgrade`: the same steps over their own triggers."""
    return (lambda: run(upgrade_statements(old_triggers, new_triggers)),
            lambda: run(downgrade_statements(old_triggers)))


def triggers_of(statements: list[str]) -> list[str]:
    return [s for s in statements if _NAME.match(s)]


def upgrade_statements(old_triggers: list[str], new_triggers: list[str]) -> list[str]:
    drops = [f"DROP TRIGGER IF EXISTS {_name(t)}" for t in old_triggers]
    return [ACTOR_TABLE, ADD_WHO, *drops, *new_triggers]


def downgrade_statements(old_triggers: list[str]) -> list[str]:
    drops = [f"DROP TRIGGER IF EXISTS {_name(t)}" for t in old_triggers]
    return [*drops, *old_triggers, "ALTER TABLE memory_events DROP COLUMN who",
            "DROP TABLE IF EXISTS event_actor"]


def _name(trigger: str) -> str:
    match = _NAME.match(trigger)
    assert match is not None
    return match.group(1)
