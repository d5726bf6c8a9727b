"""Opening the two stores ready for use: engine, FTS5 probe, schema at head."""

from pathlib import Path

from sqlalchemy import Engine

from abzu.adapters.sqlite.engine import open_engine, probe_fts5
from abzu.adapters.sqlite.migrations.runner import ensure_schema

# wisdom.db is the knowledge base: fsync every commit. abzu.db can be rebuilt from transcripts.
SYNCHRONOUS = {"wisdom": "FULL", "staging": "NORMAL"}


def open_store(path: Path, store: str) -> Engine:
    engine = open_engine(path, synchronous=SYNCHRONOUS[store])
    probe_fts5(engine)
    ensure_schema(engine, store)
    return engine
