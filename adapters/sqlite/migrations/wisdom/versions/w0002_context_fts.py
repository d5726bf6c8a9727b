"""wisdom.db: the "why" column (`beads.context`: where a memory came from) joins beads_fts.

FTS5 cannot add a column to a table: the index is dropped, created again with `context` and
rebuilt from `beads` (external content, so nothing stored is lost), with its triggers.
Searches weigh the column low (adapters/sqlite/search.py).

Revision ID: w0002
"""

from alembic import op

revision = "w0002"
down_revision = "w0001"
branch_labels = None
depends_on = None


def _statements(columns: tuple[str, ...]) -> list[str]:
    cols = ", ".join(columns)
    new = ", ".join(f"new.{c}" for c in columns)
    old = ", ".join(f"old.{c}" for c in columns)
    return [
        "DROP TRIGGER IF EXISTS beads_ai", "DROP TRIGGER IF EXISTS beads_ad",
        "DROP TRIGGER IF EXISTS beads_au", "DROP TABLE IF EXISTS beads_fts",
        f"""CREATE VIRTUAL TABLE beads_fts USING fts5(
            {cols}, content='beads', content_rowid='rowid', tokenize='porter unicode61'
        )""",
        f"""CREATE TRIGGER beads_ai AFTER INSERT ON beads BEGIN
            INSERT INTO beads_fts(rowid, {cols}) VALUES (new.rowid, {new});
        END""",
        f"""CREATE TRIGGER beads_ad AFTER DELETE ON beads BEGIN
            INSERT INTO beads_fts(beads_fts, rowid, {cols}) VALUES ('delete', old.rowid, {old});
        END""",
        f"""CREATE TRIGGER beads_au AFTER UPDATE OF {cols} ON beads BEGIN
            INSERT INTO beads_fts(beads_fts, rowid, {cols}) VALUES ('delete', old.rowid, {old});
            INSERT INTO beads_fts(rowid, {cols}) VALUES (new.rowid, {new});
        END""",
        "INSERT INTO beads_fts(beads_fts) VALUES ('rebuild')",
    ]


def upgrade() -> None:
    for statement in _statements(("content", "summary", "tags", "context")):
        op.execute(statement)


def downgrade() -> None:
    for statement in _statements(("content", "summary", "tags")):
        op.execute(statement)
