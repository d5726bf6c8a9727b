"""The scrub of one open SQLite database: read without a lock, rewrite under it, then purge.

Scanning a large store through the redaction rules takes seconds (about 6 s for 110,000 rows),
longer than other writers' busy timeout, so the scan runs in a plain read transaction and only
notes which rows the rules change. The rewrite then takes the write lock, reads those rows again
(they may have changed meanwhile), writes the cleaned values and rebuilds the search indexes.
A row stored between the two by a current Abzu was redacted on its way in.
"""

import sqlite3
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass, field

from abzu.adapters.sqlite.actor import MAINTENANCE, acting_as
from abzu.adapters.sqlite.connect import StorageError
from abzu.adapters.sqlite.purge import (
    indexes_consistent,
    rebuild_indexes,
    secure_delete,
    truncate_journal,
    vacuum,
)
from abzu.adapters.sqlite.scrub_plan import TablePlan, plan, quote
from abzu.adapters.sqlite.scrub_rows import changed_columns
from abzu.application.scrub.fields import FieldScrubber
from abzu.application.scrub.ports import Scrubbed, ScrubCount, ScrubProgress

BATCH = 1000
Transaction = Callable[[bool], AbstractContextManager[object]]  # write=True takes the write lock


@dataclass(frozen=True, slots=True)
class Database:
    name: str
    conn: sqlite3.Connection
    transaction: Transaction


@dataclass(slots=True)
class _Scan:
    table: TablePlan
    scanned: int = 0
    keys: list[tuple[object, ...]] = field(default_factory=list)  # rows the rules change


def scrub_database(
    db: Database, fields: FieldScrubber, *, dry_run: bool, progress: ScrubProgress
) -> Scrubbed:
    with db.transaction(False):
        scans = [_scan(db, table, fields, progress) for table in plan(db.conn)]
    if dry_run:
        return Scrubbed(tuple(ScrubCount(db.name, s.table.table, s.scanned, len(s.keys)) for s in scans))
    previous = secure_delete(db.conn, True)  # zero freed pages from the first write on
    try:
        # the history records the rewritten rows' "content changed" as the maintenance pass's
        with db.transaction(True), acting_as(db.conn, MAINTENANCE):
            progress.begin(f"{db.name} rewrite", sum(len(s.keys) for s in scans))
            counts = tuple(_rewrite(db, scan, fields, progress) for scan in scans)
            rebuild_indexes(db.conn)
        return Scrubbed(counts, _purge(db, progress))
    finally:
        secure_delete(db.conn, previous)


def _columns(table: TablePlan) -> tuple[str, str]:
    """The select list (key first, then the cleaned columns) and the WHERE clause for one row."""
    keys = [k if k == "rowid" else quote(k) for k in table.key]
    names = ", ".join([*keys, *(quote(name) for name, _ in table.columns)])
    return names, " AND ".join(f"{k} = ?" for k in keys)


def _scan(db: Database, table: TablePlan, fields: FieldScrubber, progress: ScrubProgress) -> _Scan:
    scan, width = _Scan(table), len(table.key)
    names, _ = _columns(table)
    progress.begin(f"{db.name} {table.table}", _rows(db.conn, table.table))
    cursor = db.conn.execute(f"SELECT {names} FROM {quote(table.table)}")
    while batch := cursor.fetchmany(BATCH):
        for row in batch:
            if _changes(table, row, fields):
                scan.keys.append(tuple(row[:width]))
        scan.scanned += len(batch)
        progress.advance(len(batch))
    return scan


def _changes(table: TablePlan, row: tuple[object, ...], fields: FieldScrubber) -> dict[str, object]:
    values = dict(zip((name for name, _ in table.columns), row[len(table.key):], strict=True))
    return changed_columns(values, table.columns, fields, has_hash=table.has_hash)


def _rewrite(db: Database, scan: _Scan, fields: FieldScrubber, progress: ScrubProgress) -> ScrubCount:
    table, changed = scan.table, 0
    names, where = _columns(table)
    for key in scan.keys:
        row = db.conn.execute(f"SELECT {names} FROM {quote(table.table)} WHERE {where}", key).fetchone()
        changes = _changes(table, row, fields) if row is not None else {}  # None: deleted meanwhile
        if changes:
            assignments = ", ".join(f"{quote(column)} = ?" for column in changes)
            db.conn.execute(f"UPDATE {quote(table.table)} SET {assignments} WHERE {where}",
                            [*changes.values(), *key])
            changed += 1
        progress.advance(1)
    return ScrubCount(db.name, table.table, scan.scanned, changed)


def _rows(conn: sqlite3.Connection, table: str) -> int:
    return int(conn.execute(f"SELECT count(*) FROM {quote(table)}").fetchone()[0])


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
