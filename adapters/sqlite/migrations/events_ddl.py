"""DDL of `memory_events`, the history table both stores share (w0002, s0007; issue 15).

The table, its indexes and the trigger shape are the same in wisdom.db and abzu.db; only the
triggers' tables and events differ, so each migration lists its triggers through `on_change`.
"""

from collections.abc import Callable

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


def rebuilt(*, autoincrement: bool) -> list[str]:
    """`memory_events` rebuilt with every row (w0010, s0013: without AUTOINCREMENT; their undo:
    with). Copy, drop, create, copy back: a RENAME would make SQLite re-check the history
    triggers, which name the table while it is gone. Plain rowid keys take max(seq) + 1, so seq
    still only grows while events are only added (an import drops the events its own inserts
    recorded, the one place rows go); AUTOINCREMENT's extra `sqlite_sequence` write per event
    bought nothing else."""
    key = "INTEGER PRIMARY KEY AUTOINCREMENT" if autoincrement else "INTEGER PRIMARY KEY"
    columns = "seq, at, item_id, event, detail, who"
    return [
        f"CREATE TABLE memory_events_copy AS SELECT {columns} FROM memory_events",
        "DROP TABLE memory_events",
        f"CREATE TABLE memory_events (seq {key}, at TIMESTAMP NOT NULL, item_id TEXT NOT NULL, "
        "event TEXT NOT NULL, detail TEXT, who TEXT)",
        f"INSERT INTO memory_events ({columns}) SELECT {columns} FROM memory_events_copy ORDER BY seq",
        "DROP TABLE memory_events_copy",
        *TABLE[1:],  # the indexes went with the old table
    ]


def rebuild_steps() -> tuple[Callable[[], None], Callable[[], None]]:
    """The `upgrade` and `downgrade` of w0010 and s0013."""
    return lambda: run(rebuilt(autoincrement=False)), lambda: run(rebuilt(autoincrement=True))


def run(statements: list[str]) -> None:
    """A migration's statements, in order (Alembic imported here: doctor reads the DDL without it)."""
    from alembic import op

    for statement in statements:
        op.execute(statement)


def on_change(name: str, when: str, item: str, event: str, detail: str = "NULL") -> str:
    """A trigger that records one event (SQL expressions `item`, `event`, `detail`) per row."""
    return (f"CREATE TRIGGER {name} {when} BEGIN INSERT INTO memory_events(at, item_id, event, detail) "
            f"VALUES ({NOW}, {item}, {event}, {detail}); END")


def drop_statements(prefix: str, kinds: tuple[str, ...]) -> list[str]:
    """Undo: the triggers `{prefix}_{kind}`, then the table."""
    return [*(f"DROP TRIGGER IF EXISTS {prefix}_{kind}" for kind in kinds),
            "DROP TABLE IF EXISTS memory_events"]
