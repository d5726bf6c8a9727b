"""The team store follows wisdom.db's w0014 and w0015 (issue 29): a project's remote and who
vouches for a bead.

`projects.remote`: the repository's normalised remote URL, one project per remote, as locally.
`beads.vouched_by`: `agent`, `person` or `review`, as locally; a new row that does not name it is
the agent's. A bead pushed to the team keeps the local value (only reviewed ones leave a machine:
domain/team.py), and a team reviewer's promotion is `review`. Every bead already on a server was
pushed or promoted as reviewed knowledge: `review`, except a preference (only the `team` backend
stores one), which is the agent's until a person confirms it. A change is recorded in the history
as locally ("confirmed", "reviewed", "unconfirmed").

Revision ID: t0002
"""

from alembic import op

revision = "t0002"
down_revision = "t0001"
branch_labels = None
depends_on = None

_DEFINER = "LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT"
VOUCH_HISTORY = f"""CREATE FUNCTION abzu_beads_vouch_history() RETURNS trigger {_DEFINER} AS $$
BEGIN
    PERFORM abzu_record('wisdom', NEW.id, CASE NEW.vouched_by WHEN 'person' THEN 'confirmed'
                        WHEN 'review' THEN 'reviewed' ELSE 'unconfirmed' END,
                        OLD.vouched_by || ' -> ' || NEW.vouched_by, NEW.project);
    RETURN NULL;
END $$"""

UPGRADE = [
    "ALTER TABLE projects ADD COLUMN remote TEXT",
    "CREATE UNIQUE INDEX projects_remote ON projects (remote) WHERE remote IS NOT NULL",
    "ALTER TABLE beads ADD COLUMN vouched_by TEXT NOT NULL DEFAULT 'agent' "
    "CHECK (vouched_by IN ('agent', 'person', 'review'))",
    "UPDATE beads SET vouched_by = 'review' WHERE category != 'preference'",
    "CREATE INDEX beads_agent_written ON beads (created_at, id) WHERE vouched_by = 'agent'",
    # the trigger last: the values set above are the migration's reading, not events
    VOUCH_HISTORY,
    "CREATE TRIGGER beads_vouch_history AFTER UPDATE OF vouched_by ON beads FOR EACH ROW "
    "WHEN (OLD.vouched_by IS DISTINCT FROM NEW.vouched_by) EXECUTE FUNCTION abzu_beads_vouch_history()",
]


def upgrade() -> None:
    for statement in UPGRADE:
        op.execute(statement)


def downgrade() -> None:
    for statement in ("DROP FUNCTION IF EXISTS abzu_beads_vouch_history() CASCADE",
                      "DROP INDEX IF EXISTS beads_agent_written", "ALTER TABLE beads DROP COLUMN vouched_by",
                      "DROP INDEX IF EXISTS projects_remote", "ALTER TABLE projects DROP COLUMN remote"):
        op.execute(statement)
