"""SQLAlchemy Core views of the session tables of abzu.db (migrations s0002, s0003, s0015).

`session_summaries` is modelled with the other spec tables in schema.py.
"""

from sqlalchemy import Column, Integer, Table, Text

from abzu.adapters.sqlite.schema import staging_metadata

sessions = Table(
    "sessions", staging_metadata,
    Column("session_id", Text, primary_key=True),
    Column("project", Text),
    Column("transcript_path", Text),
    Column("cwd", Text),
    Column("started_at", Text),
    Column("last_event", Text),
    Column("last_event_at", Text),
    Column("ended_at", Text),
    Column("finalized_at", Text),
    Column("finalized_by", Text),
    Column("last_offset", Integer),
)

injection_log = Table(
    "injection_log", staging_metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("session_id", Text),
    Column("event", Text, nullable=False),
    Column("tier", Text),
    Column("characters", Integer, nullable=False),
    Column("collapsed", Integer, nullable=False),
    Column("created_at", Text),
    Column("event_key", Text),
)

open_loops = Table(
    "open_loops", staging_metadata,
    Column("id", Text, primary_key=True),
    Column("project", Text, nullable=False),
    Column("kind", Text, nullable=False),
    Column("text", Text, nullable=False),
    Column("match_hash", Text, nullable=False),
    Column("session_id", Text, nullable=False),
    Column("opened_at", Text, nullable=False),
    Column("seen_at", Text, nullable=False),
    Column("status", Text, nullable=False),
    Column("closed_at", Text),
    Column("closed_by", Text),
)
