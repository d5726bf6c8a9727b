"""`memory_events` on the team server (t0001): the local history's events and wording
(adapters/sqlite/migrations/events_ddl.py and the w/s migrations' triggers), written by triggers in
the writer's transaction, ids and categories only, never content.

Beyond the local columns each event names its `author` (the login role: the server's word, not the
client's), the `machine` and `who` (the consumer: cli, mcp, review:human…) the client set for its
transaction (`abzu.machine`, `abzu.actor`), and the row's project, so row-level security shows a
member only the history of the projects they were granted. The trigger functions run as the
schema's owner (SECURITY DEFINER): no role may write the history directly.
"""

TABLE = [
    """CREATE TABLE memory_events (
        seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        at TIMESTAMPTZ NOT NULL DEFAULT clock_timestamp(),
        store TEXT NOT NULL CHECK (store IN ('wisdom', 'staging')),
        item_id TEXT NOT NULL,
        event TEXT NOT NULL,
        detail TEXT,
        who TEXT,
        author TEXT NOT NULL DEFAULT session_user,
        machine TEXT,
        project TEXT
    )""",
    "CREATE INDEX memory_events_item ON memory_events (item_id, seq)",
    "CREATE INDEX memory_events_at ON memory_events (at)",
]

_DEFINER = "LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT"

RECORD = f"""CREATE FUNCTION abzu_record(p_store TEXT, p_item TEXT, p_event TEXT, p_detail TEXT,
        p_project TEXT) RETURNS void {_DEFINER} AS $$
BEGIN
    INSERT INTO memory_events (store, item_id, event, detail, who, machine, project)
    VALUES (p_store, p_item, p_event, p_detail, nullif(current_setting('abzu.actor', true), ''),
            nullif(current_setting('abzu.machine', true), ''), p_project);
END $$"""

# What the local triggers record on an update, in one function for both tables (`p_store`).
_CHANGES = """
    IF NEW.superseded_by IS NOT NULL AND NEW.superseded_by IS DISTINCT FROM OLD.superseded_by THEN
        PERFORM abzu_record(store, NEW.id, 'superseded', 'by ' || NEW.superseded_by, NEW.project);
    END IF;
    IF NEW.content IS DISTINCT FROM OLD.content THEN
        PERFORM abzu_record(store, NEW.id, 'content changed', NULL, NEW.project);
    ELSIF NEW.summary IS DISTINCT FROM OLD.summary OR NEW.tags IS DISTINCT FROM OLD.tags
          OR NEW.category IS DISTINCT FROM OLD.category THEN
        PERFORM abzu_record(store, NEW.id, 'edited', substr(
            CASE WHEN NEW.summary IS DISTINCT FROM OLD.summary THEN ', summary' ELSE '' END ||
            CASE WHEN NEW.tags IS DISTINCT FROM OLD.tags THEN ', tags' ELSE '' END ||
            CASE WHEN NEW.category IS DISTINCT FROM OLD.category
                 THEN ', category ' || OLD.category || ' -> ' || NEW.category ELSE '' END, 3), NEW.project);
    END IF;"""

BEADS = f"""CREATE FUNCTION abzu_beads_history() RETURNS trigger {_DEFINER} AS $$
DECLARE store TEXT := 'wisdom';
BEGIN
    IF TG_OP = 'INSERT' THEN
        PERFORM abzu_record(store, NEW.id, CASE WHEN NEW.promoted_at IS NULL THEN 'created'
                            ELSE 'promoted' END, NEW.category, NEW.project);
        RETURN NULL;
    ELSIF TG_OP = 'DELETE' THEN
        PERFORM abzu_record(store, OLD.id, 'deleted', NULL, OLD.project);
        RETURN NULL;
    END IF;
    IF NEW.weight IS DISTINCT FROM OLD.weight THEN
        PERFORM abzu_record(store, NEW.id,
            CASE WHEN NEW.weight < OLD.weight THEN 'decayed' ELSE 'revived' END,
            trim(to_char(OLD.weight, '990.0')) || ' -> ' || trim(to_char(NEW.weight, '990.0')), NEW.project);
    END IF;
    IF NEW.starred IS DISTINCT FROM OLD.starred THEN
        PERFORM abzu_record(store, NEW.id, CASE WHEN NEW.starred THEN 'starred' ELSE 'unstarred' END,
                            NULL, NEW.project);
    END IF;
    IF NEW.gemini_flagged IS DISTINCT FROM OLD.gemini_flagged THEN
        PERFORM abzu_record(store, NEW.id, CASE WHEN NEW.gemini_flagged THEN 'flagged' ELSE 'unflagged' END,
                            NULL, NEW.project);
    END IF;{_CHANGES}
    RETURN NULL;
END $$"""

CANDIDATES = f"""CREATE FUNCTION abzu_candidates_history() RETURNS trigger {_DEFINER} AS $$
DECLARE store TEXT := 'staging';
BEGIN
    IF TG_OP = 'INSERT' THEN
        PERFORM abzu_record(store, NEW.id, 'staged', NEW.category || ' from ' || NEW.source, NEW.project);
        RETURN NULL;
    ELSIF TG_OP = 'DELETE' THEN
        PERFORM abzu_record(store, OLD.id, 'left staging', NULL, OLD.project);
        RETURN NULL;
    END IF;{_CHANGES}
    RETURN NULL;
END $$"""

SOURCES = f"""CREATE FUNCTION abzu_sources_history() RETURNS trigger {_DEFINER} AS $$
BEGIN
    PERFORM abzu_record('wisdom', NEW.bead_id, 'derived', 'from ' || NEW.source_id,
                        (SELECT project FROM beads WHERE id = NEW.bead_id));
    RETURN NULL;
END $$"""

STATEMENTS = [
    *TABLE, RECORD, BEADS, CANDIDATES, SOURCES,
    "CREATE TRIGGER beads_history AFTER INSERT OR UPDATE OR DELETE ON beads "
    "FOR EACH ROW EXECUTE FUNCTION abzu_beads_history()",
    "CREATE TRIGGER candidates_history AFTER INSERT OR UPDATE OR DELETE ON bead_candidates "
    "FOR EACH ROW EXECUTE FUNCTION abzu_candidates_history()",
    "CREATE TRIGGER sources_history AFTER INSERT ON bead_sources "
    "FOR EACH ROW EXECUTE FUNCTION abzu_sources_history()",
]

DROP = [
    "DROP FUNCTION IF EXISTS abzu_beads_history() CASCADE",
    "DROP FUNCTION IF EXISTS abzu_candidates_history() CASCADE",
    "DROP FUNCTION IF EXISTS abzu_sources_history() CASCADE",
    "DROP FUNCTION IF EXISTS abzu_record(TEXT, TEXT, TEXT, TEXT, TEXT)",
]
