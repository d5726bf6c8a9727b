"""Opening the two stores ready for use: private files, engine, FTS5 probe, schema at head."""

import random
import time
from pathlib import Path

from sqlalchemy import Engine
from sqlalchemy.exc import DatabaseError

from abzu.adapters.private_files import private_file, private_folder, tighten_home
from abzu.adapters.sqlite.engine import StorageError, open_engine, probe_fts5
from abzu.adapters.sqlite.migrations.runner import ensure_schema

# wisdom.db is the knowledge base: fsync every commit. abzu.db can be rebuilt from transcripts.
SYNCHRONOUS = {"wisdom": "FULL", "staging": "NORMAL"}


# A brand-new home opened by several processes at once (hooks and the MCP server start together
# right after install): one creates and migrates the files while the others find them locked for
# longer than one busy wait. Opening is retried for this long before it is reported.
OPEN_DEADLINE_S = 30.0


def open_store(path: Path, store: str) -> Engine:
    _private(path)
    engine = open_engine(path, synchronous=SYNCHRONOUS[store])
    deadline = time.monotonic() + OPEN_DEADLINE_S
    while True:
        try:
            probe_fts5(engine)
            ensure_schema(engine, store)
            return engine
        except DatabaseError as exc:
            if _locked(exc) and time.monotonic() < deadline:
                time.sleep(random.uniform(0.05, 0.3))  # jitter: the waiters must not retry in step
                continue
            engine.dispose()
            raise StorageError(f"{path} cannot be opened as Abzu's {store} store: {_reason(exc)}") from exc


def _locked(exc: DatabaseError) -> bool:
    return "locked" in _reason(exc) or "busy" in _reason(exc)


def _private(path: Path) -> None:
    """Home 0700 and the database created 0600 before SQLite opens it: SQLite gives its -wal
    and -shm files the database's own mode, so they are born private too."""
    try:
        private_folder(path.parent)
        tighten_home(path.parent)
        private_file(path)
    except OSError:
        pass  # a read-only home, or a bad path that open_engine reports in words


def _reason(exc: DatabaseError) -> str:
    return str(exc.orig) if exc.orig is not None else str(exc).splitlines()[0]
