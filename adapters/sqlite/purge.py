"""Leaving no trace of old values in a SQLite file (reliability.md, S5).

An UPDATE leaves the old text in places a reader of the raw file can still see: the FTS index
keeps deleted tokens in its segments until they are merged, freed pages keep their bytes, and
the WAL keeps every written page until it is checkpointed and truncated. So, in this order:
`secure_delete` (freed pages are zeroed) before anything is written; FTS `'rebuild'` (a fresh
index from the cleaned rows) and `'optimize'` (one merged segment); `VACUUM` (a compact file,
outside any transaction); the rank-1 `integrity-check` (VACUUM may renumber the rowids an
external-content index refers to: rebuild again if it fails); `wal_checkpoint(TRUNCATE)`.
This SQLite (3.40) predates FTS5's own `secure-delete` option; the rebuild makes it unnecessary.
"""

import sqlite3

from abzu.adapters.sqlite.scrub_plan import fts_tables, quote


def secure_delete(conn: sqlite3.Connection, on: bool) -> bool:
    """Sets the pragma; returns its previous value."""
    previous = bool(conn.execute("PRAGMA secure_delete").fetchone()[0])
    conn.execute(f"PRAGMA secure_delete={'ON' if on else 'OFF'}")
    return previous


def rebuild_indexes(conn: sqlite3.Connection) -> None:
    for table in fts_tables(conn):
        name = quote(table)
        conn.execute(f"INSERT INTO {name}({name}) VALUES('rebuild')")
        conn.execute(f"INSERT INTO {name}({name}) VALUES('optimize')")


def indexes_consistent(conn: sqlite3.Connection) -> bool:
    for table in fts_tables(conn):
        name = quote(table)
        try:
            conn.execute(f"INSERT INTO {name}({name}, rank) VALUES('integrity-check', 1)")
        except sqlite3.DatabaseError:
            return False
    return True


def vacuum(conn: sqlite3.Connection) -> None:
    """Only outside a transaction: SQLite refuses VACUUM inside one."""
    assert not conn.in_transaction, "VACUUM cannot run inside a transaction"
    conn.execute("VACUUM")


def truncate_journal(conn: sqlite3.Connection) -> bool:
    """False when another connection still reads an older state, so the WAL keeps old pages."""
    busy, _log, _done = conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
    return not busy
