"""abzu.db: the "why" column (`bead_candidates.context`: the request and exchange a candidate
came from) joins candidates_fts.

FTS5 cannot add a column to a table: the index is dropped, created again with `context` and
rebuilt from `bead_candidates` (external content, nothing stored is lost), with its triggers.
Searches weigh the column low (adapters/sqlite/search.py).

Revision ID: s0006
"""

from alembic import op

revision = "s0006"
down_revision = "s0005"
branch_labels = None
depends_on = None


def _statements(columns: tuple[str, ...]) -> list[str]:
    cols = ", ".join(columns)
    new = ", ".join(f"new.{c}" for c in columns)
    old = ", ".join(f"old.{c}" for c in columns)
    fts = "candidates_fts"
    return [
        "DROP TRIGGER IF EXISTS candidates_ai", "DROP TRIGGER IF EXISTS candidates_ad",
        "DROP TRIGGER IF EXISTS candidates_au", f"DROP TABLE IF EXISTS {fts}",
        f"""CREATE VIRTUAL TABLE {fts} USING fts5(
            {cols}, content='bead_candidates', content_rowid='rowid', tokenize='porter unicode61'
        )""",
        f"""CREATE TRIGGER candidates_ai AFTER INSERT ON bead_candidates BEGIN
            INSERT INTO {fts}(rowid, {cols}) VALUES (new.rowid, {new});
        END""",
        f"""CREATE TRIGGER candidates_ad AFTER DELETE ON bead_candidates BEGIN
            INSERT INTO {fts}({fts}, rowid, {cols}) VALUES ('delete', old.rowid, {old});
        END""",
        f"""CREATE TRIGGER candidates_au AFTER UPDATE OF {cols} ON bead_candidates BEGIN
            INSERT INTO {fts}({fts}, rowid, {cols}) VALUES ('delete', old.rowid, {old});
            INSERT INTO {fts}(rowid, {cols}) VALUES (new.rowid, {new});
        END""",
        f"INSERT INTO {fts}({fts}) VALUES ('rebuild')",
    ]


def upgrade() -> None:
    for statement in _statements(("content", "summary", "context")):
        op.execute(statement)


def downgrade() -> None:
    for statement in _statements(("content", "summary")):
        op.execute(statement)
