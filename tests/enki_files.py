"""Builders of files other parts of Enki write: an old Enki wisdom.db, a project's em.db."""

import sqlite3
from collections.abc import Sequence
from pathlib import Path

# The old Enki schema, trimmed to what matters plus the tables the spec drops (Appendix A):
# Abzu must read `beads` and `projects` and ignore the rest.
OLD_SCHEMA = """
CREATE TABLE projects (id TEXT PRIMARY KEY, name TEXT NOT NULL, path TEXT, created_at TEXT);
CREATE TABLE beads (
    id TEXT PRIMARY KEY, content TEXT, summary TEXT, type TEXT NOT NULL, project TEXT,
    weight REAL DEFAULT 1.0, starred INTEGER DEFAULT 0, created_at TEXT, last_accessed TEXT
);
CREATE TABLE embeddings (bead_id TEXT, vector BLOB);
CREATE TABLE embedding_cache (hash TEXT, vector BLOB);
CREATE TABLE access_log (bead_id TEXT, accessed_at TEXT);
"""

OldRow = tuple[str, str, str, str | None]  # id, content, type, project


def old_enki_store(path: Path, beads: Sequence[OldRow],
                   projects: Sequence[tuple[str, str, str | None]] = ()) -> Path:
    """An old Enki wisdom.db holding `beads` and `projects` (id, name, path)."""
    with sqlite3.connect(path) as conn:
        conn.executescript(OLD_SCHEMA)
        conn.executemany("INSERT INTO projects (id, name, path) VALUES (?, ?, ?)", projects)
        conn.executemany("INSERT INTO beads (id, content, type, project) VALUES (?, ?, ?, ?)", beads)
    conn.close()
    return path


# A project's em.db as the EM writes it: more columns and tables than Abzu reads.
EM_SCHEMA = """
CREATE TABLE mail_threads (id TEXT PRIMARY KEY, subject TEXT, project TEXT, created_at TEXT, status TEXT);
CREATE TABLE mail_messages (
    id TEXT PRIMARY KEY, thread_id TEXT, sender TEXT, recipient TEXT, body TEXT, created_at TEXT,
    importance TEXT
);
CREATE TABLE task_state (id TEXT PRIMARY KEY, title TEXT, status TEXT);
CREATE TABLE sprint_state (id TEXT PRIMARY KEY, goal TEXT);
CREATE TABLE bugs (
    id TEXT PRIMARY KEY, title TEXT, error TEXT, fix TEXT, status TEXT, severity TEXT, found_by TEXT
);
CREATE TABLE pm_decisions (
    id TEXT PRIMARY KEY, proposal TEXT, decision TEXT, rationale TEXT, decided_at TEXT
);
"""
EM_THREADS = [("t-1", "Storage for the ledger"), ("t-2", "Flaky CI")]
EM_MESSAGES = [
    ("m-1", "t-1", "architect", "dev", "Options are Postgres or SQLite. We decided to use SQLite "
     "with WAL because the ledger has one writer.", "2026-10-01 09:00:00"),
    ("m-2", "t-1", "dev", "architect", "Agreed. Starting on the schema today.", "2026-10-01 10:00:00"),
    ("m-3", "t-2", "qa", "em", "Turns out the flaky CI was two tests sharing one temp folder.",
     "2026-10-03 09:00:00"),
]
EM_BUGS = [
    ("bug-1", "Ledger totals off by a cent", "AssertionError: 10.01 != 10.00",
     "Store amounts as integer cents", "fixed", "high", "qa"),
    ("bug-2", "Slow export", "export takes 40 s", "", "open", "low", "qa"),
]
EM_DECISIONS = [
    ("d-1", "Ship the CSV export in v1", "Deferred to v2", "v1 scope is the ledger only", "2026-10-05"),
]


def em_db(path: Path) -> Path:
    """A realistic em.db of a finished project: 2 threads, a fixed and an open bug, a PM decision."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with sqlite3.connect(path) as conn:
        conn.executescript(EM_SCHEMA)
        conn.executemany("INSERT INTO mail_threads (id, subject) VALUES (?, ?)", EM_THREADS)
        conn.executemany("INSERT INTO mail_messages VALUES (?, ?, ?, ?, ?, ?, NULL)", EM_MESSAGES)
        conn.executemany("INSERT INTO bugs VALUES (?, ?, ?, ?, ?, ?, ?)", EM_BUGS)
        conn.executemany("INSERT INTO pm_decisions VALUES (?, ?, ?, ?, ?)", EM_DECISIONS)
    conn.close()
    return path
