"""The scrub of one open SQLite database: rows rewritten in one write transaction, then purged."""

import sqlite3
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass

from abzu.adapters.sqlite.engine import StorageError
from abzu.adapters.sqlite.purge import (
    indexes_consistent,
    rebuild_indexes,
    secure_delete,
    truncate_journal,
    vacuum,
)
from abzu.adapters.sqlite.scrub_plan import TablePlan, plan, quote
from abzu.adapters.sqlite.scrub_rows import changed_columns
from abzu.application.scrub_fields import FieldScrubber
from abzu.application.scrub_ports import Scrubbed, ScrubCount, ScrubProgress

BATCH = 1000
Transaction = Callable[[bool], AbstractContextManager[object]]  # write=True takes the write lock


@dataclass(frozen=True, slots=True)
class Database:
    name: str
    conn: sqlite3.Connection
    transaction: Transaction


def scrub_database(
    db: Database, fields: FieldScrubber, *, dry_run: bool, progress: ScrubProgress
) -> Scrubbed:
    """Every table under one transaction, so concurrent writers wait and see all or nothing."""
    if dry_run:
        with db.transaction(False):
            return Scrubbed(tuple(_table(db, p, fields, None, progress) for p in plan(db.conn)))
    previous = secure_delete(db.conn, True)  # zero freed pages from the first write on
    try:
        with db.transaction(True):
            updates: list[tuple[str, list[object]]] = []
            counts = tuple(_table(db, p, fields, updates, progress) for p in plan(db.conn))
            for statement, values in updates:
                db.conn.execute(statement, values)
            rebuild_indexes(db.conn)
        return Scrubbed(counts, _purge(db, progress))
    finally:
        secure_delete(db.conn, previous)


def _table(
    db: Database, table: TablePlan, fields: FieldScrubber,
    updates: list[tuple[str, list[object]]] | None, progress: ScrubProgress,
) -> ScrubCount:
    """Counts (and, given `updates`, queues) the rows the rules change; applied after the scan."""
    names = [name for name, _ in table.columns]
    keys = ", ".join(k if k == "rowid" else quote(k) for k in table.key)
    cursor = db.conn.execute(f"SELECT {keys}, {', '.join(map(quote, names))} FROM {quote(table.table)}")
    progress.begin(f"{db.name} {table.table}", _rows(db.conn, table.table))
    scanned = changed = 0
    while batch := cursor.fetchmany(BATCH):
        for row in batch:
            key, values = row[: len(table.key)], dict(zip(names, row[len(table.key):], strict=True))
            changes = changed_columns(values, table.columns, fields, has_hash=table.has_hash)
            if changes:
                changed += 1
                if updates is not None:
                    updates.append(_update(table, changes, list(key)))
        scanned += len(batch)
        progress.advance(len(batch))
    return ScrubCount(db.name, table.table, scanned, changed)


def _rows(conn: sqlite3.Connection, table: str) -> int:
    return int(conn.execute(f"SELECT count(*) FROM {quote(table)}").fetchone()[0])


def _update(table: TablePlan, changes: dict[str, object], key: list[object]) -> tuple[str, list[object]]:
    assignments = ", ".join(f"{quote(column)} = ?" for column in changes)
    where = " AND ".join(f"{k if k == 'rowid' else quote(k)} = ?" for k in table.key)
    return f"UPDATE {quote(table.table)} SET {assignments} WHERE {where}", [*changes.values(), *key]


def _purge(db: Database, progress: ScrubProgress) -> tuple[str, ...]:
    progress.begin(f"{db.name} purge", 2)
    vacuum(db.conn)
    progress.advance(1)
    with db.transaction(True):
        if not indexes_consistent(db.conn):
            rebuild_indexes(db.conn)
            if not indexes_consistent(db.conn):
                raise StorageError(f"{db.name}: the search index failed its check after the scrub")
    emptied = truncate_journal(db.conn)
    progress.advance(1)
    if emptied:
        return ()
    return (f"{db.name}: another process kept reading, so its journal (-wal) may still hold old "
            "text; run `abzu scrub` again when Claude Code is idle",)
