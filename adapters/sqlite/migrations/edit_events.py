"""The history trigger of a hand edit that leaves the text as it was (w0011, s0014).

`abzu edit` can change a memory's summary, tags or category alone. Until these triggers such an
edit wrote no event, so the history (and the session-start recall pack then checked against
`memory_events.seq`) did not move and a start served the old summary. An
edit that also changes the text is left to the "content changed" trigger: one event per edit.
The detail names the fields (and a category's old and new value), never their text.
"""

from abzu.adapters.sqlite.migrations.event_actor import with_who
from abzu.adapters.sqlite.migrations.events_ddl import on_change

FIELDS = ("summary", "tags", "category")


def edited_trigger(name: str, table: str) -> str:
    """`name` records "edited" for a row of `table` whose summary, tags or category changed."""
    changed = " OR ".join(f"old.{f} IS NOT new.{f}" for f in FIELDS)
    when = f"AFTER UPDATE OF {', '.join(FIELDS)} ON {table} WHEN old.content IS new.content AND ({changed})"
    return with_who(on_change(name, when, "new.id", "'edited'", _detail()))


def _detail() -> str:
    # "summary, tags, category fact -> decision": what changed, without the text itself
    parts = [f"CASE WHEN old.{f} IS NOT new.{f} THEN ', {f}' ELSE '' END" for f in FIELDS[:2]]
    parts.append("CASE WHEN old.category IS NOT new.category "
                 "THEN ', category ' || old.category || ' -> ' || new.category ELSE '' END")
    return f"substr({' || '.join(parts)}, 3)"
