"""abzu.db: the review log and the archive of candidates a review took out of staging.

`review_log` holds one row per review run (spec §11 "Output: review report"): who reviewed, the
model, tokens, cost estimate, counts per action and the full report as JSON; `finished_at` stays
NULL for a run that never finished (status reads max(finished_at) as "last review").
`review_archive` keeps a copy of every candidate a review promoted, merged or discarded, so that
`abzu review --undo` can stage them again.

Revision ID: s0005
"""

from alembic import op

revision = "s0005"
down_revision = "s0003"
branch_labels = None
depends_on = None

STATEMENTS = [
    """CREATE TABLE review_log (
        id TEXT PRIMARY KEY,
        kind TEXT NOT NULL CHECK (kind IN ('full', 'mini')),
        project TEXT,
        reviewer TEXT NOT NULL,
        model TEXT,
        started_at TIMESTAMP NOT NULL,
        finished_at TIMESTAMP,
        duration_ms INTEGER DEFAULT 0,
        tokens_in INTEGER DEFAULT 0,
        tokens_out INTEGER DEFAULT 0,
        cost_estimate REAL DEFAULT 0.0,
        promoted INTEGER DEFAULT 0,
        consolidated INTEGER DEFAULT 0,
        discarded INTEGER DEFAULT 0,
        flagged INTEGER DEFAULT 0,
        kept INTEGER DEFAULT 0,
        rejected INTEGER DEFAULT 0,
        held_back INTEGER DEFAULT 0,
        failed_batches INTEGER DEFAULT 0,
        snapshot TEXT,
        undone_at TIMESTAMP,
        report TEXT NOT NULL
    )""",
    "CREATE INDEX idx_review_log_started ON review_log(started_at)",
    """CREATE TABLE review_archive (
        review_id TEXT NOT NULL REFERENCES review_log(id) ON DELETE CASCADE,
        candidate_id TEXT NOT NULL,
        payload TEXT NOT NULL,
        PRIMARY KEY (review_id, candidate_id)
    )""",
]


def upgrade() -> None:
    for statement in STATEMENTS:
        op.execute(statement)


def downgrade() -> None:
    for name in ("review_archive", "review_log"):
        op.execute(f"DROP TABLE IF EXISTS {name}")
