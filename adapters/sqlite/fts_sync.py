"""The FTS5 tables and the triggers that keep them in step with their content tables.

`abzu doctor --repair` recreates the triggers from the index's own column list, so a later
migration that indexes another column (say `context`) needs no change here.
"""

import sqlite3
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class FtsSync:
    fts: str
    table: str
    prefix: str  # trigger names: <prefix>_ai, <prefix>_ad, <prefix>_au

    @property
    def triggers(self) -> tuple[str, str, str]:
        return (f"{self.prefix}_ai", f"{self.prefix}_ad", f"{self.prefix}_au")


FTS_SYNC = {
    "wisdom": (FtsSync("beads_fts", "beads", "beads"),),
    "staging": (FtsSync("candidates_fts", "bead_candidates", "candidates"),),
}


def indexed_columns(conn: sqlite3.Connection, fts: str) -> list[str]:
    return [row[1] for row in conn.execute(f"PRAGMA table_info({fts})")]


def trigger_statements(sync: FtsSync, columns: list[str]) -> list[str]:
    """The three triggers of an external-content FTS5 table, as the migrations write them."""
    cols = ", ".join(columns)
    new = ", ".join(f"new.{c}" for c in columns)
    old = ", ".join(f"old.{c}" for c in columns)
    add = f"INSERT INTO {sync.fts}(rowid, {cols}) VALUES (new.rowid, {new});"
    remove = f"INSERT INTO {sync.fts}({sync.fts}, rowid, {cols}) VALUES ('delete', old.rowid, {old});"
    ai, ad, au = sync.triggers
    return [
        f"CREATE TRIGGER {ai} AFTER INSERT ON {sync.table} BEGIN {add} END",
        f"CREATE TRIGGER {ad} AFTER DELETE ON {sync.table} BEGIN {remove} END",
        f"CREATE TRIGGER {au} AFTER UPDATE OF {cols} ON {sync.table} BEGIN {remove} {add} END",
    ]


def recreate_triggers(conn: sqlite3.Connection, sync: FtsSync) -> None:
    """Inside the caller's transaction: drop whatever is left of the triggers, create them anew."""
    for name in sync.triggers:
        conn.execute(f"DROP TRIGGER IF EXISTS {name}")
    for statement in trigger_statements(sync, indexed_columns(conn, sync.fts)):
        conn.execute(statement)
