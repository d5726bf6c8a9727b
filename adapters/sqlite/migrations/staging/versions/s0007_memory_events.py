"""abzu.db: `memory_events`, the history of every staged candidate (issue 15).

As in wisdom.db (w0002), and after s0006 (which rebuilds bead_candidates): written by triggers
in the writer's transaction; ids, categories and
sources only, never content. A candidate leaves staging when a review promotes, merges or
discards it (the review log says which) or when a newer version supersedes it.

Revision ID: s0007
"""

from alembic import op

from abzu.adapters.sqlite.migrations.events_ddl import TABLE, drop_statements, on_change

revision = "s0007"
down_revision = "s0006"
branch_labels = None
depends_on = None

STATEMENTS = [
    *TABLE,
    on_change("candidates_ev_insert", "AFTER INSERT ON bead_candidates", "new.id", "'staged'",
              "new.category || ' from ' || new.source"),
    on_change("candidates_ev_supersede", "AFTER UPDATE OF superseded_by ON bead_candidates "
              "WHEN new.superseded_by IS NOT NULL AND old.superseded_by IS NOT new.superseded_by", "new.id",
              "'superseded'", "'by ' || new.superseded_by"),
    on_change("candidates_ev_content", "AFTER UPDATE OF content ON bead_candidates "
              "WHEN old.content IS NOT new.content", "new.id", "'content changed'"),
    on_change("candidates_ev_delete", "AFTER DELETE ON bead_candidates", "old.id", "'left staging'"),
]


def upgrade() -> None:
    for statement in STATEMENTS:
        op.execute(statement)


def downgrade() -> None:
    for statement in drop_statements("candidates_ev", ("insert", "supersede", "content", "delete")):
        op.execute(statement)
