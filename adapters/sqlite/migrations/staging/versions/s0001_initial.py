"""abzu.db, spec §16: session_summaries, bead_candidates, candidates_fts, extraction_log.

Extensions to the spec: candidates keep `tags`, `context` (provenance) and `superseded_by`
(write-time dedup, §10; no foreign key: a superseding candidate that is promoted
or discarded leaves the old one superseded), the FTS tokenizer is `porter unicode61`, and
candidates_fts has an update trigger as well (the spec's two triggers would let an UPDATE drift the index).

Revision ID: s0001
"""

from alembic import op

revision = "s0001"
down_revision = None
branch_labels = None
depends_on = None

STATEMENTS = [
    """CREATE TABLE session_summaries (
        id TEXT PRIMARY KEY,
        session_id TEXT NOT NULL,
        project TEXT,
        sequence INTEGER DEFAULT 0,
        goal TEXT,
        phase TEXT,
        operational_state TEXT,
        conversational_state TEXT,
        is_final INTEGER DEFAULT 0,
        created_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP
    )""",
    "CREATE INDEX idx_summaries_session ON session_summaries(session_id)",
    "CREATE INDEX idx_summaries_project ON session_summaries(project, is_final)",
    """CREATE TABLE bead_candidates (
        id TEXT PRIMARY KEY,
        content TEXT NOT NULL,
        summary TEXT,
        category TEXT NOT NULL CHECK (category IN (
            'decision', 'learning', 'pattern', 'fix'
        )),
        project TEXT,
        content_hash TEXT NOT NULL,
        source TEXT NOT NULL CHECK (source IN (
            'session_end', 'project_completion', 'manual', 'em_distill'
        )),
        session_id TEXT,
        created_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP,
        tags TEXT,
        context TEXT,
        superseded_by TEXT
    )""",
    "CREATE INDEX idx_candidates_project ON bead_candidates(project)",
    "CREATE INDEX idx_candidates_hash ON bead_candidates(content_hash)",
    """CREATE VIRTUAL TABLE candidates_fts USING fts5(
        content, summary,
        content='bead_candidates', content_rowid='rowid', tokenize='porter unicode61'
    )""",
    """CREATE TRIGGER candidates_ai AFTER INSERT ON bead_candidates BEGIN
        INSERT INTO candidates_fts(rowid, content, summary)
        VALUES (new.rowid, new.content, new.summary);
    END""",
    """CREATE TRIGGER candidates_ad AFTER DELETE ON bead_candidates BEGIN
        INSERT INTO candidates_fts(candidates_fts, rowid, content, summary)
        VALUES ('delete', old.rowid, old.content, old.summary);
    END""",
    """CREATE TRIGGER candidates_au AFTER UPDATE OF content, summary ON bead_candidates BEGIN
        INSERT INTO candidates_fts(candidates_fts, rowid, content, summary)
        VALUES ('delete', old.rowid, old.content, old.summary);
        INSERT INTO candidates_fts(rowid, content, summary)
        VALUES (new.rowid, new.content, new.summary);
    END""",
    """CREATE TABLE extraction_log (
        id TEXT PRIMARY KEY,
        session_id TEXT NOT NULL,
        jsonl_path TEXT,
        extracted_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP,
        candidates_created INTEGER DEFAULT 0,
        method TEXT NOT NULL
    )""",
    "CREATE INDEX idx_extraction_session ON extraction_log(session_id)",
]


def upgrade() -> None:
    for statement in STATEMENTS:
        op.execute(statement)


def downgrade() -> None:
    for name in ("extraction_log", "candidates_fts", "bead_candidates", "session_summaries"):
        op.execute(f"DROP TABLE IF EXISTS {name}")
