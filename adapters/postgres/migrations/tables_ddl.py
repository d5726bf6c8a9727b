"""The team store's tables (t0001): the local stores' columns (adapters/sqlite/columns.py), plus
who wrote each row (author, machine, consumer) and a `search` column PostgreSQL keeps itself.

`search` is a stored generated `tsvector` under a GIN index, weighted as the local FTS5 bm25()
weighs its columns (adapters/postgres/search.py reads the weights in this order): content A,
summary B, tags C, the "why" column (context) D. `rid` is the row's arrival order, as SQLite's
rowid: the tie-break of equal scores and the table size an IDF needs.
"""

# The local index stems every word (porter) and keeps stopwords (recall drops its own from the
# query, domain/text.py); PostgreSQL's `english` would also drop ~130 words ("other", "about"…)
# from rows and queries alike. So: `english`'s parser and mappings, an English Snowball stemmer
# without a stopword list.
CONFIG = "abzu_english"
_CONFIG = [
    "CREATE TEXT SEARCH DICTIONARY abzu_english_stem (TEMPLATE = snowball, Language = english)",
    f"CREATE TEXT SEARCH CONFIGURATION {CONFIG} (COPY = english)",
    f"ALTER TEXT SEARCH CONFIGURATION {CONFIG} ALTER MAPPING FOR asciiword, asciihword, hword_asciipart, "
    "word, hword, hword_part WITH abzu_english_stem",
]


def _search_column() -> str:
    parts = [("content", "A"), ("coalesce(summary, '')", "B"), ("abzu_words(tags)", "C"),
             ("coalesce(context, '')", "D")]
    vectors = " || ".join(f"setweight(to_tsvector('{CONFIG}', {column}), '{w}')" for column, w in parts)
    return f"search tsvector GENERATED ALWAYS AS ({vectors}) STORED"


# The server names the author (the login role); the client names its machine and consumer for the
# transaction (PgUnitOfWork sets them), so no repository has to pass them along.
_WHO = """author TEXT NOT NULL DEFAULT session_user,
        machine TEXT DEFAULT nullif(current_setting('abzu.machine', true), ''),
        consumer TEXT DEFAULT nullif(current_setting('abzu.actor', true), '')"""

STATEMENTS = [
    *_CONFIG,
    # array_to_string is only STABLE (it may call type output functions); for text[] it is pure.
    "CREATE FUNCTION abzu_words(tags TEXT[]) RETURNS TEXT LANGUAGE sql IMMUTABLE PARALLEL SAFE "
    "AS $$ SELECT coalesce(array_to_string(tags, ' '), '') $$",
    """CREATE TABLE projects (
        name TEXT PRIMARY KEY,
        path TEXT,
        created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
        last_active TIMESTAMPTZ
    )""",
    "CREATE UNIQUE INDEX projects_path ON projects (path) WHERE path IS NOT NULL",
    f"""CREATE TABLE beads (
        rid BIGINT GENERATED ALWAYS AS IDENTITY UNIQUE,
        id TEXT PRIMARY KEY,
        content TEXT NOT NULL,
        summary TEXT,
        category TEXT NOT NULL CHECK (category IN ('decision', 'learning', 'pattern', 'fix', 'preference')),
        project TEXT REFERENCES projects (name),
        weight DOUBLE PRECISION NOT NULL DEFAULT 1.0,
        starred BOOLEAN NOT NULL DEFAULT false,
        content_hash TEXT NOT NULL,
        tags TEXT[] NOT NULL DEFAULT '{{}}',
        context TEXT,
        superseded_by TEXT REFERENCES beads (id),
        gemini_flagged BOOLEAN NOT NULL DEFAULT false,
        flag_reason TEXT,
        created_at TIMESTAMPTZ NOT NULL,
        last_accessed TIMESTAMPTZ,
        promoted_at TIMESTAMPTZ,
        {_WHO},
        {_search_column()}
    )""",
    "CREATE INDEX beads_search ON beads USING gin (search)",
    "CREATE INDEX beads_project ON beads (project)",
    "CREATE INDEX beads_hash ON beads (content_hash)",
    "CREATE INDEX beads_superseded_by ON beads (superseded_by) WHERE superseded_by IS NOT NULL",
    "CREATE INDEX beads_flagged ON beads (id) WHERE gemini_flagged",
    f"""CREATE TABLE bead_candidates (
        rid BIGINT GENERATED ALWAYS AS IDENTITY UNIQUE,
        id TEXT PRIMARY KEY,
        content TEXT NOT NULL,
        summary TEXT,
        category TEXT NOT NULL CHECK (category IN ('decision', 'learning', 'pattern', 'fix')),
        project TEXT,  -- as abzu.db's: staging names a project without the registry's say
        content_hash TEXT NOT NULL,
        source TEXT NOT NULL CHECK (source IN ('session_end', 'project_completion', 'manual',
                                               'em_distill', 'migration')),
        session_id TEXT,
        created_at TIMESTAMPTZ NOT NULL,
        tags TEXT[] NOT NULL DEFAULT '{{}}',
        context TEXT,
        superseded_by TEXT,
        {_WHO},
        {_search_column()}
    )""",
    "CREATE INDEX candidates_search ON bead_candidates USING gin (search)",
    "CREATE INDEX candidates_project ON bead_candidates (project)",
    "CREATE INDEX candidates_hash ON bead_candidates (content_hash)",
    "CREATE INDEX candidates_superseded_by ON bead_candidates (superseded_by) "
    "WHERE superseded_by IS NOT NULL",
    """CREATE TABLE bead_anchors (
        memory_id TEXT NOT NULL REFERENCES beads (id) ON DELETE CASCADE,
        kind TEXT NOT NULL CHECK (kind IN ('file', 'command')),
        value TEXT NOT NULL,
        git_commit TEXT,
        stale TEXT CHECK (stale IN ('code changed', 'file deleted')),
        PRIMARY KEY (memory_id, kind, value)
    )""",
    """CREATE TABLE candidate_anchors (
        memory_id TEXT NOT NULL REFERENCES bead_candidates (id) ON DELETE CASCADE,
        kind TEXT NOT NULL CHECK (kind IN ('file', 'command')),
        value TEXT NOT NULL,
        git_commit TEXT,
        PRIMARY KEY (memory_id, kind, value)
    )""",
    """CREATE TABLE bead_sources (
        bead_id TEXT NOT NULL REFERENCES beads (id) ON DELETE CASCADE,
        source_id TEXT NOT NULL,
        PRIMARY KEY (bead_id, source_id)
    )""",
    # Which login roles (or group roles) see which projects ('*': every project, global rows too).
    """CREATE TABLE team_grants (
        member TEXT NOT NULL,
        project TEXT NOT NULL,
        PRIMARY KEY (member, project)
    )""",
]

TABLES = ("memory_events", "team_grants", "bead_sources", "candidate_anchors", "bead_anchors",
          "bead_candidates", "beads", "projects")
DROP = [*(f"DROP TABLE IF EXISTS {t} CASCADE" for t in TABLES), "DROP FUNCTION IF EXISTS abzu_words(TEXT[])",
        f"DROP TEXT SEARCH CONFIGURATION IF EXISTS {CONFIG}",
        "DROP TEXT SEARCH DICTIONARY IF EXISTS abzu_english_stem"]
