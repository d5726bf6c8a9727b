"""Which schema revision a store file is at, read without opening (or migrating) the store."""

import sqlite3
from contextlib import closing
from pathlib import Path


def stored_revision(path: Path) -> str | None:
    """None when the file does not exist yet or was never migrated; read-only, no lock taken."""
    if not path.is_file():
        return None
    try:
        with closing(sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)) as conn:
            return revision(conn)
    except sqlite3.Error:
        return None


def revision(conn: sqlite3.Connection) -> str | None:
    """The revision of the store `conn` is open on; None when it was never migrated."""
    try:
        row = conn.execute("SELECT version_num FROM alembic_version").fetchone()
    except sqlite3.Error:
        return None
    return None if row is None else str(row[0])
