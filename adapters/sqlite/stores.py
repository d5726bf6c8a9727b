"""Opening the two stores ready for use: private files, engine, FTS5 probe, schema at head."""

import random
import time
from pathlib import Path

from sqlalchemy import Engine
from sqlalchemy.exc import DatabaseError

from abzu.adapters.sqlite.connect import SYNCHRONOUS, private_store_files
from abzu.adapters.sqlite.engine import StorageError, open_engine, probe_fts5
from abzu.adapters.sqlite.migrations.runner import ensure_schema

# A brand-new home opened by several processes at once (hooks and the MCP server start together
# right after install): one creates and migrates the files while the others find them locked for
# longer than one busy wait. Opening is retried for this long before it is reported.
OPEN_DEADLINE_S = 30.0


def open_store(path: Path, store: str) -> Engine:
    private_store_files(path)
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


def _reason(exc: DatabaseError) -> str:
    return str(exc.orig) if exc.orig is not None else str(exc).splitlines()[0]
