"""wisdom.db: `memory_events`, the history of every change to a bead (issue 15).

Written by triggers, so every writer (remember, review, star, unflag, the decay pass,
maintenance deletions, scrub) records its change in the same transaction, and no code path can
forget to. Events hold ids, categories and weights, never content: a history must not keep text
that redaction later removes. The time is SQLite's clock at the write (UTC, milliseconds).

Revision ID: w0002
"""

from alembic import op

from abzu.adapters.sqlite.migrations.events_ddl import TABLE, drop_statements, on_change

revision = "w0002"
down_revision = "w0001"
branch_labels = None
depends_on = None

STATEMENTS = [
    *TABLE,
    on_change("beads_ev_insert", "AFTER INSERT ON beads", "new.id",
              "CASE WHEN new.promoted_at IS NULL THEN 'created' ELSE 'promoted' END", "new.category"),
    on_change("beads_ev_weight", "AFTER UPDATE OF weight ON beads WHEN old.weight IS NOT new.weight",
              "new.id",
              "CASE WHEN new.weight < old.weight THEN 'decayed' ELSE 'revived' END",
              "printf('%.1f -> %.1f', old.weight, new.weight)"),
    on_change("beads_ev_star", "AFTER UPDATE OF starred ON beads WHEN old.starred IS NOT new.starred",
              "new.id",
              "CASE WHEN new.starred THEN 'starred' ELSE 'unstarred' END"),
    on_change("beads_ev_flag", "AFTER UPDATE OF gemini_flagged ON beads "
              "WHEN old.gemini_flagged IS NOT new.gemini_flagged", "new.id",
              "CASE WHEN new.gemini_flagged THEN 'flagged' ELSE 'unflagged' END"),
    on_change("beads_ev_supersede", "AFTER UPDATE OF superseded_by ON beads "
              "WHEN new.superseded_by IS NOT NULL AND old.superseded_by IS NOT new.superseded_by", "new.id",
              "'superseded'", "'by ' || new.superseded_by"),
    on_change("beads_ev_content", "AFTER UPDATE OF content ON beads WHEN old.content IS NOT new.content",
              "new.id", "'content changed'"),
    on_change("beads_ev_delete", "AFTER DELETE ON beads", "old.id", "'deleted'"),
]


def upgrade() -> None:
    for statement in STATEMENTS:
        op.execute(statement)


def downgrade() -> None:
    kinds = ("insert", "weight", "star", "flag", "supersede", "content", "delete")
    for statement in drop_statements("beads_ev", kinds):
        op.execute(statement)
