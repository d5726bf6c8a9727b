"""wisdom.db, spec §16: beads, projects, user_profile, beads_fts and its sync triggers.

Extensions to the spec: the FTS tokenizer is `porter unicode61` (stems: "locks" finds "lock"),
a project's path is unique so one repository never gets two names, and the update
trigger fires only when indexed columns change (recall stamps `last_accessed` on every hit;
re-indexing those rows each time would be wasted work with the same result).

Revision ID: w0001
"""

from alembic import op

revision = "w0001"
down_revision = None
branch_labels = None
depends_on = None

STATEMENTS = [
    """CREATE TABLE projects (
        name TEXT PRIMARY KEY,
        path TEXT,
        created_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP,
        last_active TIMESTAMP
    )""",
    "CREATE UNIQUE INDEX idx_projects_path ON projects(path) WHERE path IS NOT NULL",
    """CREATE TABLE beads (
        id TEXT PRIMARY KEY,
        content TEXT NOT NULL,
        summary TEXT,
        category TEXT NOT NULL CHECK (category IN (
            'decision', 'learning', 'pattern', 'fix', 'preference'
        )),
        project TEXT,
        weight REAL DEFAULT 1.0,
        starred INTEGER DEFAULT 0,
        content_hash TEXT NOT NULL,
        tags TEXT,
        context TEXT,
        superseded_by TEXT,
        gemini_flagged INTEGER DEFAULT 0,
        flag_reason TEXT,
        created_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP,
        last_accessed TIMESTAMP,
        promoted_at TIMESTAMP,
        FOREIGN KEY (superseded_by) REFERENCES beads(id),
        FOREIGN KEY (project) REFERENCES projects(name)
    )""",
    "CREATE INDEX idx_beads_project ON beads(project)",
    "CREATE INDEX idx_beads_category ON beads(category)",
    "CREATE INDEX idx_beads_weight ON beads(weight)",
    "CREATE INDEX idx_beads_hash ON beads(content_hash)",
    "CREATE INDEX idx_beads_flagged ON beads(gemini_flagged)",
    """CREATE TABLE user_profile (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL,
        source TEXT NOT NULL CHECK (source IN ('explicit', 'inferred', 'codebase')),
        confidence REAL DEFAULT 1.0,
        project_id TEXT,
        created_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP,
        updated_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP
    )""",
    """CREATE VIRTUAL TABLE beads_fts USING fts5(
        content, summary, tags,
        content='beads', content_rowid='rowid', tokenize='porter unicode61'
    )""",
    """CREATE TRIGGER beads_ai AFTER INSERT ON beads BEGIN
        INSERT INTO beads_fts(rowid, content, summary, tags)
        VALUES (new.rowid, new.content, new.summary, new.tags);
    END""",
    """CREATE TRIGGER beads_ad AFTER DELETE ON beads BEGIN
        INSERT INTO beads_fts(beads_fts, rowid, content, summary, tags)
        VALUES ('delete', old.rowid, old.content, old.summary, old.tags);
    END""",
    """CREATE TRIGGER beads_au AFTER UPDATE OF content, summary, tags ON beads BEGIN
        INSERT INTO beads_fts(beads_fts, rowid, content, summary, tags)
        VALUES ('delete', old.rowid, old.content, old.summary, old.tags);
        INSERT INTO beads_fts(rowid, content, summary, tags)
        VALUES (new.rowid, new.content, new.summary, new.tags);
    END""",
]


def upgrade() -> None:
    for statement in STATEMENTS:
        op.execute(statement)


def downgrade() -> None:
    for name in ("beads_fts", "user_profile", "beads", "projects"):
        op.execute(f"DROP TABLE IF EXISTS {name}")
