"""Which columns of a database hold text `abzu scrub` must clean, read from the file itself.

The schema is discovered (sqlite_master, table_info) rather than listed, so a table added by a
later migration, or an older snapshot, is covered too. A text column is cleaned unless it is an
identifier, a reference or a file path (cleaning those would break links), a content
hash (recomputed instead) or a closed vocabulary (a category, a status). FTS tables and their
shadow tables are not scanned: their content comes from the tables, and the purge rebuilds them.
"""

import re
import sqlite3
from dataclasses import dataclass
from enum import Enum


class Kind(Enum):
    TEXT = "text"  # free text
    DOCUMENT = "document"  # JSON: every string inside
    CONTENT = "content"  # a memory's text: its content_hash follows it
    CANDIDATE_ROW = "candidate-row"  # JSON copy of a bead_candidates row (review archive)


KINDS = {
    ("beads", "content"): Kind.CONTENT,
    ("bead_candidates", "content"): Kind.CONTENT,
    ("beads", "tags"): Kind.DOCUMENT,
    ("bead_candidates", "tags"): Kind.DOCUMENT,
    ("review_log", "report"): Kind.DOCUMENT,
    ("review_archive", "payload"): Kind.CANDIDATE_ROW,
    ("transcript_cursors", "failures"): Kind.DOCUMENT,  # error lines, with counts and message ids
}
# Identifiers, references and file locations: Abzu matches on them (a project by its path, a
# transcript cursor by its file), and the write paths store them as they are.
_REFERENCE = re.compile(r"^(id|.*_id|.*_hash|event_key|superseded_by|project|snapshot|path|.*_path|cwd)$")
# Closed vocabularies (CHECK constraints or values Abzu writes): no secret fits, and each value
# skipped saves a redact() call, about a fifth of the scan.
_VOCABULARY = {"category", "source", "kind", "method", "status", "last_event", "finalized_by"}
_SHADOWS = ("_data", "_idx", "_content", "_docsize", "_config")
_SKIPPED_TABLES = {"alembic_version"}
HASH_COLUMN = "content_hash"


@dataclass(frozen=True, slots=True)
class TablePlan:
    table: str
    key: tuple[str, ...]  # ("rowid",), or the primary key of a WITHOUT ROWID table
    columns: tuple[tuple[str, Kind], ...]
    has_hash: bool


def kind_of(table: str, column: str, *, primary_key: bool = False, declared: str = "TEXT") -> Kind | None:
    """None for a column that holds no free text (or must not change)."""
    if (table, column) in KINDS:
        return KINDS[(table, column)]
    name = column.lower()
    if primary_key or _REFERENCE.match(name) or name in _VOCABULARY or not _text_affinity(declared):
        return None
    return Kind.TEXT


def _text_affinity(declared: str) -> bool:
    kind = declared.upper()
    return not kind or any(word in kind for word in ("CHAR", "CLOB", "TEXT"))


def fts_tables(conn: sqlite3.Connection) -> list[str]:
    rows = conn.execute("SELECT name, sql FROM sqlite_master WHERE type = 'table' ORDER BY name")
    return [name for name, sql in rows if _is_fts5(sql)]


_FTS5 = re.compile(r"^\s*CREATE\s+VIRTUAL\s+TABLE.*\bUSING\s+fts5\b", re.I | re.S)


def _is_fts5(sql: str | None) -> bool:
    return sql is not None and _FTS5.search(sql) is not None


def plan(conn: sqlite3.Connection) -> list[TablePlan]:
    """One plan per table that has at least one column to clean, in name order."""
    virtual = set(fts_tables(conn))
    shadows = {f"{name}{suffix}" for name in virtual for suffix in _SHADOWS}
    skipped = virtual | shadows | _SKIPPED_TABLES
    rows = conn.execute(
        "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"
    ).fetchall()
    plans = [_table_plan(conn, name, sql or "") for name, sql in rows if name not in skipped]
    return [p for p in plans if p.columns]


def _table_plan(conn: sqlite3.Connection, table: str, sql: str) -> TablePlan:
    info = conn.execute(f"PRAGMA table_info({quote(table)})").fetchall()
    columns = []
    for _cid, name, declared, _notnull, _default, pk in info:
        kind = kind_of(table, name, primary_key=pk > 0, declared=declared or "")
        if kind is not None:
            columns.append((name, kind))
    names = {row[1] for row in info}
    without_rowid = re.search(r"\bWITHOUT\s+ROWID\b", sql, re.I) is not None
    key = tuple(row[1] for row in sorted(info, key=_pk_order) if row[5] > 0) if without_rowid else ("rowid",)
    return TablePlan(table, key, tuple(columns), HASH_COLUMN in names)


def _pk_order(row: tuple[object, ...]) -> int:
    return int(str(row[5]))


def quote(identifier: str) -> str:
    return '"' + identifier.replace('"', '""') + '"'
