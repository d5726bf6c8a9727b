"""wisdom.db: who vouches for a bead (issue 29, defect 8): `beads.vouched_by`.

`agent` (the agent wrote it: MCP `enki_remember`, a preference mined from a transcript, a
distillation), `person` (typed by a person: `abzu remember`, `abzu edit`, the page, or a person
confirmed it) or `review` (promoted or consolidated by a review). Only `person` and `review` are
shown as reviewed. New rows that do not name it are the agent's (the column's default).

Existing rows, from what the store itself can tell:
- promoted or consolidated (`promoted_at` set), and every bead that is not a preference (only a
  review puts one in wisdom.db): `review`;
- a preference whose history (`memory_events`, w0002/w0004) shows a person's hand: created
  through the CLI (`who = 'cli'`) at the time the row says it was created, and not by one of the
  CLI's machine writers (`abzu migrate-enki`, a distillation: their provenance is in `context`),
  or edited or rewritten through the CLI: `person`;
- every other preference (written through MCP or by the hooks' mining, created before the history
  named its writers, imported from an export without history): `agent`. Unknown is the agent's:
  a person can confirm it (`abzu review --interactive`, the page's Staging view).

A trigger records later changes ("confirmed" by a person, "reviewed" by a review) in the
history, with the writer, so the recall pack's store mark moves with them. The migration's own
settings above are not events: the history did not see them happen.

Revision ID: w0015
"""

from abzu.adapters.sqlite.migrations.event_actor import with_who
from abzu.adapters.sqlite.migrations.events_ddl import on_change, run

revision = "w0015"
down_revision = "w0014"
branch_labels = None
depends_on = None

COLUMN = ("ALTER TABLE beads ADD COLUMN vouched_by TEXT NOT NULL DEFAULT 'agent' "
          "CHECK (vouched_by IN ('agent', 'person', 'review'))")

# What `abzu review` and the page's Staging view list for a person to confirm, oldest first
# (bead_repository.UNREVIEWED): a handful of rows among all the beads.
INDEX = "CREATE INDEX idx_beads_agent_written ON beads (created_at, id) WHERE vouched_by = 'agent'"

REVIEWED = "UPDATE beads SET vouched_by = 'review' WHERE promoted_at IS NOT NULL OR category != 'preference'"
# A CLI remember writes the row and its "created" event in one transaction: `at` is within
# seconds of `created_at`. An import of an old export (format 1) is recorded as "created" by the
# CLI too, but at the import's time, long after the row's own `created_at`.
TYPED = """
UPDATE beads SET vouched_by = 'person'
WHERE vouched_by = 'agent' AND (
  (EXISTS (SELECT 1 FROM memory_events e WHERE e.item_id = beads.id AND e.event = 'created'
           AND e.who = 'cli'
           AND abs(julianday(e.at) - julianday(substr(beads.created_at, 1, 19))) * 86400 < 60)
   AND coalesce(beads.context, '') NOT LIKE 'migrated from Enki bead %'
   AND coalesce(beads.context, '') NOT LIKE 'Distilled by %')
  OR EXISTS (SELECT 1 FROM memory_events e WHERE e.item_id = beads.id
             AND e.event IN ('content changed', 'edited') AND e.who = 'cli'))
"""

EVENT = ("CASE new.vouched_by WHEN 'person' THEN 'confirmed' WHEN 'review' THEN 'reviewed' "
         "ELSE 'unconfirmed' END")
# doctor --repair recreates it from here (event_triggers.py)
TRIGGERS = [with_who(on_change(
    "beads_ev_vouch", "AFTER UPDATE OF vouched_by ON beads WHEN old.vouched_by IS NOT new.vouched_by",
    "new.id", EVENT, "old.vouched_by || ' -> ' || new.vouched_by",
))]


def upgrade() -> None:
    # the trigger last: the values set here are the migration's reading, not events
    run([COLUMN, REVIEWED, TYPED, INDEX, "DROP TRIGGER IF EXISTS beads_ev_vouch", *TRIGGERS])


def downgrade() -> None:
    run(["DROP TRIGGER IF EXISTS beads_ev_vouch", "DROP INDEX IF EXISTS idx_beads_agent_written",
         "ALTER TABLE beads DROP COLUMN vouched_by"])
