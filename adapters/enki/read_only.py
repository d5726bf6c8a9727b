"""Opening another program's SQLite file strictly read-only, and checking what it holds.

`mode=ro` makes SQLite refuse every write and never create the file; the schema checks let a
reader name the table or column that is missing instead of failing on a query half-way.
"""

import sqlite3
from collections.abc import Iterator
from contextlib import closing, contextmanager
from pathlib import Path
from urllib.parse import quote


class NotReadable(Exception):
    """The file is missing, not SQLite, or lacks a table or column the reader needs."""

    def describe(self, kind: str) -> str:
        """`no such file`, or `not <kind> (<why>)`."""
        return str(self) if isinstance(self, NoSuchFile) else f"not {kind} ({self})"


class NoSuchFile(NotReadable):
    pass


@contextmanager
def read_only(path: str) -> Iterator[sqlite3.Connection]:
    file = Path(path).expanduser()
    if not file.is_file():
        raise NoSuchFile("no such file")
    try:
        conn = sqlite3.connect(f"file:{quote(str(file.resolve()))}?mode=ro", uri=True)
        conn.row_factory = sqlite3.Row
        with closing(conn):
            conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
            yield conn
    except sqlite3.DatabaseError as exc:
        raise NotReadable(str(exc).splitlines()[0]) from exc


def tables(conn: sqlite3.Connection) -> set[str]:
    rows = conn.execute("SELECT name FROM sqlite_master WHERE type IN ('table', 'view')")
    return {str(r[0]) for r in rows}


def columns(conn: sqlite3.Connection, table: str) -> set[str]:
    return {str(r[1]) for r in conn.execute(f'PRAGMA table_info("{table}")')}


def require(conn: sqlite3.Connection, table: str, needed: tuple[str, ...]) -> set[str]:
    """The table's columns, once sure it has every one of `needed`."""
    if table not in tables(conn):
        raise NotReadable(f"no `{table}` table")
    have = columns(conn, table)
    missing = [c for c in needed if c not in have]
    if missing:
        raise NotReadable(f"`{table}` lacks column(s) {', '.join(missing)}")
    return have


def pick(have: set[str], wanted: str) -> str:
    """`wanted` as a select expression, NULL when the optional column is absent."""
    return f'"{wanted}"' if wanted in have else f'NULL AS "{wanted}"'
