"""DDL of `memory_events`, the history table both stores share (w0002, s0007; issue 15).

The table, its indexes and the trigger shape are the same in wisdom.db and abzu.db; only the
triggers' tables and events differ, so each migration lists its triggers through `on_change`.
"""

# SQLite's clock at the write, UTC with milliseconds (the history's `at`).
NOW = "strftime('%Y-%m-%d %H:%M:%f', 'now')"

TABLE = [
    """CREATE TABLE memory_events (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        at TIMESTAMP NOT NULL,
        item_id TEXT NOT NULL,
        event TEXT NOT NULL,
        detail TEXT
    )""",
    "CREATE INDEX idx_memory_events_item ON memory_events(item_id, seq)",
    "CREATE INDEX idx_memory_events_at ON memory_events(at)",
]


def on_change(name: str, when: str, item: str, event: str, detail: str = "NULL") -> str:
    """A trigger that records one event (SQL expressions `item`, `event`, `detail`) per row."""
    return (f"CREATE TRIGGER {name} {when} BEGIN INSERT INTO memory_events(at, item_id, event, detail) "
            f"VALUES ({NOW}, {item}, {event}, {detail}); END")


def drop_statements(prefix: str, kinds: tuple[str, ...]) -> list[str]:
    """Undo: the triggers `{prefix}_{kind}`, then the table."""
    return [*(f"DROP TRIGGER IF EXISTS {prefix}_{kind}" for kind in kinds),
            "DROP TABLE IF EXISTS memory_events"]
