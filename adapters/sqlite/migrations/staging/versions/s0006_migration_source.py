"""abzu.db: `migration` joins the allowed values of bead_candidates.source (spec Appendix A).

SQLite cannot alter a CHECK constraint, so the table is rebuilt from its own stored definition
with the one value added. Rows keep their rowids (candidates_fts is an external-content index
keyed on them, so it stays valid without a rebuild); the indexes and triggers are re-created
from their stored definitions too, whatever earlier migrations made them.

Revision ID: s0006
"""

from alembic import op
from sqlalchemy import text

revision = "s0006"
down_revision = "s0005"
branch_labels = None
depends_on = None

_OLD, _NEW = "'em_distill'", "'em_distill', 'migration'"


def upgrade() -> None:
    _rebuild(_OLD, _NEW)


def downgrade() -> None:
    op.execute("DELETE FROM bead_candidates WHERE source = 'migration'")
    _rebuild(_NEW, _OLD)


def _rebuild(old: str, new: str) -> None:
    conn = op.get_bind()
    table_sql = conn.execute(text(
        "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'bead_candidates'"
    )).scalar_one()
    if old not in table_sql or (new != _OLD and new in table_sql):
        return  # already done, or a definition this migration does not know: leave it alone
    extras = conn.execute(text(
        "SELECT sql FROM sqlite_master WHERE tbl_name = 'bead_candidates' "
        "AND type IN ('index', 'trigger') AND sql IS NOT NULL"
    )).scalars().all()
    op.execute(table_sql.replace("bead_candidates", "bead_candidates_new", 1).replace(old, new, 1))
    names = ", ".join(f'"{row[1]}"' for row in conn.execute(text("PRAGMA table_info(bead_candidates)")))
    op.execute(f"INSERT INTO bead_candidates_new (rowid, {names}) SELECT rowid, {names} FROM bead_candidates")
    op.execute("DROP TABLE bead_candidates")
    op.execute("ALTER TABLE bead_candidates_new RENAME TO bead_candidates")
    for statement in extras:
        op.execute(statement)
