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
