"""DDL of an external-content FTS5 index and its sync triggers, for migrations that change the
indexed columns (FTS5 cannot add a column: the index is dropped, created again and rebuilt from
its content table, so nothing stored is lost)."""

# What every store at head has; a batch migration that dropped one would go unnoticed (runner.py).
FTS_TRIGGERS = {
    "wisdom": ("beads_ai", "beads_ad", "beads_au"),
    "staging": ("candidates_ai", "candidates_ad", "candidates_au"),
}
FTS_TABLES = {"wisdom": ("beads_fts",), "staging": ("candidates_fts",)}


def recreate_fts(table: str, fts: str, trigger: str, columns: tuple[str, ...]) -> list[str]:
    """Statements that replace `fts` (and triggers `{trigger}_ai/_ad/_au`) by an index of `columns`."""
    cols = ", ".join(columns)
    new = ", ".join(f"new.{c}" for c in columns)
    old = ", ".join(f"old.{c}" for c in columns)
    delete = f"INSERT INTO {fts}({fts}, rowid, {cols}) VALUES ('delete', old.rowid, {old});"
    insert = f"INSERT INTO {fts}(rowid, {cols}) VALUES (new.rowid, {new});"
    return [
        *(f"DROP TRIGGER IF EXISTS {trigger}_{kind}" for kind in ("ai", "ad", "au")),
        f"DROP TABLE IF EXISTS {fts}",
        f"CREATE VIRTUAL TABLE {fts} USING fts5({cols}, content='{table}', content_rowid='rowid', "
        "tokenize='porter unicode61')",
        f"CREATE TRIGGER {trigger}_ai AFTER INSERT ON {table} BEGIN {insert} END",
        f"CREATE TRIGGER {trigger}_ad AFTER DELETE ON {table} BEGIN {delete} END",
        # Only indexed columns re-index a row: recall's last_accessed stamps must not.
        f"CREATE TRIGGER {trigger}_au AFTER UPDATE OF {cols} ON {table} BEGIN {delete} {insert} END",
        f"INSERT INTO {fts}({fts}) VALUES ('rebuild')",
    ]
