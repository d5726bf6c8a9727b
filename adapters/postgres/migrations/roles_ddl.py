"""Who may do what on the team server (t0001): roles and row-level security, in the database.

Three group roles (cluster-wide, created once, NOLOGIN): `abzu_reader` reads; `abzu_writer` (a
reader) may also stage candidates; `abzu_reviewer` (a writer) may also promote: write beads and take
candidates out of staging. A login role gets one of them (`abzu team grant`). Rows are limited to
the projects granted to the login role or to a group it belongs to (`team_grants`; '*' grants every
project), for reading and writing alike. The owner of the tables (the admin who ran the migration)
is not subject to the policies.
"""

ROLES = ("abzu_reader", "abzu_writer", "abzu_reviewer")

_CREATE = "IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '{0}') THEN CREATE ROLE {0} NOLOGIN; END IF;"
_MEMBER = "IF NOT pg_has_role('{1}', '{0}', 'MEMBER') THEN GRANT {0} TO {1}; END IF;"
CREATE_ROLES = f"""DO $$ BEGIN
    {_CREATE.format('abzu_reader')}
    {_CREATE.format('abzu_writer')}
    {_CREATE.format('abzu_reviewer')}
    {_MEMBER.format('abzu_reader', 'abzu_writer')}
    {_MEMBER.format('abzu_writer', 'abzu_reviewer')}
    EXECUTE format('GRANT USAGE ON SCHEMA %I TO abzu_reader', current_schema());
END $$"""

# The projects the session's login role was granted, directly or through a group role (a grant
# to a role that no longer exists counts for nobody). PL/pgSQL keeps its plan: ~25 µs a call, a
# quarter of a plain SQL function's, and a recall's statements call it once per table they read.
PROJECTS = """CREATE FUNCTION abzu_projects() RETURNS TEXT[] LANGUAGE plpgsql STABLE SECURITY DEFINER
SET search_path FROM CURRENT AS $$
BEGIN
    RETURN ARRAY(SELECT g.project FROM team_grants g
                 WHERE pg_has_role(session_user, to_regrole(quote_ident(g.member)), 'MEMBER'));
END $$"""

# Initplans (the uncorrelated sub-selects) once per table read, then a comparison a row. Written
# as "all projects, or this one": the planner guesses half the rows pass (an array overlap it
# guessed at 1 %, and then read every match of a common word to sort them, 58 ms against 1.5).
VISIBLE = ("((SELECT '*' = ANY (abzu_projects())) "
           "OR coalesce({column}, '') = ANY ((SELECT abzu_projects())::TEXT[]))")

_OF_BEAD = "EXISTS (SELECT 1 FROM beads b WHERE b.id = {column})"  # beads' own policy applies
_OF_CANDIDATE = "EXISTS (SELECT 1 FROM bead_candidates c WHERE c.id = {column})"

POLICIES = {
    "projects": VISIBLE.format(column="name"),
    "beads": VISIBLE.format(column="project"),
    "bead_candidates": VISIBLE.format(column="project"),
    "memory_events": VISIBLE.format(column="project"),
    "bead_anchors": _OF_BEAD.format(column="memory_id"),
    "bead_sources": _OF_BEAD.format(column="bead_id"),
    "candidate_anchors": _OF_CANDIDATE.format(column="memory_id"),
}

# A writer's candidates are theirs: `author` is left out of what they may insert (its default is
# the login role). A reviewer promoting one keeps its author.
_STAGED = ("id, content, summary, category, project, content_hash, source, session_id, created_at, tags, "
           "context, superseded_by, machine, consumer")

GRANTS = [
    # Members read the schema's revision (`abzu team join` checks it); alembic made the table.
    "GRANT SELECT ON abzu_alembic_version TO abzu_reader",
    "GRANT SELECT ON projects, beads, bead_candidates, bead_anchors, candidate_anchors, bead_sources, "
    "memory_events TO abzu_reader",
    f"GRANT INSERT ({_STAGED}) ON bead_candidates TO abzu_writer",
    "GRANT INSERT ON candidate_anchors TO abzu_writer",
    "GRANT INSERT, UPDATE, DELETE ON beads, bead_anchors, bead_sources TO abzu_reviewer",
    "GRANT UPDATE, DELETE ON bead_candidates TO abzu_reviewer",
]


# Row-level security lets the planner use an index only for operators marked LEAKPROOF, and
# PostgreSQL does not mark `tsvector @@ tsquery` so: without it a member's every search scans the
# table (180 ms at 100k beads against 3 ms, measured). It returns a boolean and raises nothing that
# depends on the row, so it reveals nothing a policy hides. Only a superuser may mark it; anyone
# else gets a notice, and `abzu team init` says what to ask for.
LEAKPROOF_MATCH = """DO $$ BEGIN
    IF (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
        ALTER FUNCTION ts_match_vq(tsvector, tsquery) LEAKPROOF;
    ELSE
        RAISE NOTICE 'abzu: a superuser should run ALTER FUNCTION ts_match_vq(tsvector, tsquery) LEAKPROOF';
    END IF;
END $$"""
INDEX_USABLE = "SELECT proleakproof FROM pg_proc WHERE oid = 'ts_match_vq(tsvector, tsquery)'::regprocedure"


def statements() -> list[str]:
    policies = []
    for table, visible in POLICIES.items():
        policies += [f"ALTER TABLE {table} ENABLE ROW LEVEL SECURITY",
                     f"CREATE POLICY granted ON {table} USING ({visible}) WITH CHECK ({visible})"]
    return [CREATE_ROLES, PROJECTS, *policies, *GRANTS, LEAKPROOF_MATCH]


DROP = [*(f"DROP POLICY IF EXISTS granted ON {table}" for table in POLICIES),
        "DROP FUNCTION IF EXISTS abzu_projects()"]
