"""Opening the two stores ready for use: private files, FTS5 probe, schema at head."""

import random
import sqlite3
import time
from contextlib import closing
from pathlib import Path

from abzu.adapters.sqlite.connect import (
    SYNCHRONOUS,
    StorageError,
    open_sqlite3,
    private_store_files,
    probe_fts5,
)
from abzu.adapters.sqlite.db import cause
from abzu.adapters.sqlite.migrations.runner import ensure_schema

# A brand-new home opened by several processes at once (hooks and the MCP server start together
# right after install): one creates and migrates the files while the others find them locked for
# longer than one busy wait. Opening is retried for this long before it is reported.
OPEN_DEADLINE_S = 30.0


def ready(path: Path, store: str) -> None:
    """Creates or migrates the file (Alembic under the migration lock), or names the store and
    the reason in one line ("… cannot be opened as Abzu's staging store: file is not a database")."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StorageError(f"cannot create the data folder {path.parent}: {exc.strerror}") from exc
    private_store_files(path)
    deadline = time.monotonic() + OPEN_DEADLINE_S
    while True:
        try:
            with closing(open_sqlite3(path, SYNCHRONOUS[store])) as conn:
                probe_fts5(conn)
            ensure_schema(path, store)
            return
        except Exception as exc:  # sqlite3's own, or wrapped by SQLAlchemy during a migration
            reason = cause(exc)
            if not isinstance(reason, sqlite3.DatabaseError):
                raise
            if _locked(reason) and time.monotonic() < deadline:
                time.sleep(random.uniform(0.05, 0.3))  # jitter: the waiters must not retry in step
                continue
            raise StorageError(f"{path} cannot be opened as Abzu's {store} store: {reason}") from exc


def _locked(reason: BaseException) -> bool:
    return "locked" in str(reason) or "busy" in str(reason)
