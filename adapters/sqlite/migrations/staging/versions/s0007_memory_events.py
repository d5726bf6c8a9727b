"""abzu.db: `memory_events`, the history of every staged candidate (issue 15).

As in wisdom.db (w0002), and after s0006 (which rebuilds bead_candidates): written by triggers
in the writer's transaction; ids, categories and
sources only, never content. A candidate leaves staging when a review promotes, merges or
discards it (the review log says which) or when a newer version supersedes it.

Revision ID: s0007
"""

from alembic import op

revision = "s0007"
down_revision = "s0006"
branch_labels = None
depends_on = None

NOW = "strftime('%Y-%m-%d %H:%M:%f', 'now')"


def _on(name: str, when: str, item: str, event: str, detail: str = "NULL") -> str:
    return (f"CREATE TRIGGER {name} {when} BEGIN INSERT INTO memory_events(at, item_id, event, detail) "
            f"VALUES ({NOW}, {item}, {event}, {detail}); END")


STATEMENTS = [
    """CREATE TABLE memory_events (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        at TIMESTAMP NOT NULL,
        item_id TEXT NOT NULL,
        event TEXT NOT NULL,
        detail TEXT
    )""",
    "CREATE INDEX idx_memory_events_item ON memory_events(item_id, seq)",
    "CREATE INDEX idx_memory_events_at ON memory_events(at)",
    _on("candidates_ev_insert", "AFTER INSERT ON bead_candidates", "new.id", "'staged'",
        "new.category || ' from ' || new.source"),
    _on("candidates_ev_supersede", "AFTER UPDATE OF superseded_by ON bead_candidates "
        "WHEN new.superseded_by IS NOT NULL AND old.superseded_by IS NOT new.superseded_by", "new.id",
        "'superseded'", "'by ' || new.superseded_by"),
    _on("candidates_ev_content", "AFTER UPDATE OF content ON bead_candidates "
        "WHEN old.content IS NOT new.content", "new.id", "'content changed'"),
    _on("candidates_ev_delete", "AFTER DELETE ON bead_candidates", "old.id", "'left staging'"),
]


def upgrade() -> None:
    for statement in STATEMENTS:
        op.execute(statement)


def downgrade() -> None:
    for name in ("insert", "supersede", "content", "delete"):
        op.execute(f"DROP TRIGGER IF EXISTS candidates_ev_{name}")
    op.execute("DROP TABLE IF EXISTS memory_events")
