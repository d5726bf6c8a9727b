"""Brings a store to the newest schema with Alembic; a no-op (no Alembic import) when current.

The common path is one read of the one-row `alembic_version` table, taken without the write
lock. Only when it differs from head does a process take the migration lock, re-read the
revision inside it (another process may have migrated meanwhile), snapshot a populated store
and upgrade.
"""

import sqlite3
from contextlib import closing
from pathlib import Path
from typing import TYPE_CHECKING

from abzu.adapters.sqlite.connect import SYNCHRONOUS, StorageError, open_sqlite3
from abzu.adapters.sqlite.migrations.fts_ddl import FTS_TABLES, FTS_TRIGGERS
from abzu.adapters.sqlite.migrations.heads import HEADS
from abzu.adapters.sqlite.migrations.lock import migration_lock
from abzu.adapters.sqlite.migrations.snapshot import snapshot_before_migration

if TYPE_CHECKING:
    from alembic.config import Config

__all__ = ["HEADS", "ensure_schema", "known_revisions", "script_head", "upgrade"]

_HERE = Path(__file__).parent


def ensure_schema(path: Path, store: str) -> None:
    if _current_revision(path, store) == HEADS[store]:
        return
    with migration_lock(path):
        current = _current_revision(path, store)  # re-checked: another process may have migrated
        if current == HEADS[store]:
            return
        if current is not None and current not in known_revisions(store):
            raise StorageError(f"{path} was written by a newer Abzu (schema {current}): upgrade abzu")
        if current is not None:
            snapshot_before_migration(path, current)
        upgrade(path, store)
        assert_fts_objects(path, store)


def _current_revision(path: Path, store: str) -> str | None:
    # A plain read (no BEGIN IMMEDIATE): every process opening a store runs this.
    with closing(open_sqlite3(path, SYNCHRONOUS[store])) as conn:
        try:
            row = conn.execute("SELECT version_num FROM alembic_version").fetchone()
        except sqlite3.OperationalError:
            return None
    return None if row is None else str(row[0])


def upgrade(path: Path, store: str, revision: str = "head") -> None:
    """Alembic (and SQLAlchemy, its driver) imported only when a migration is due: both are
    slow to import, and nothing else touches the stores through them."""
    from alembic import command

    from abzu.adapters.sqlite.migrations.engine import migration_engine

    engine = migration_engine(path, store)
    try:
        with engine.connect() as conn:
            command.upgrade(_config(store, conn), revision)
            conn.commit()
    finally:
        engine.dispose()


def known_revisions(store: str) -> set[str]:
    from alembic.script import ScriptDirectory

    return {rev.revision for rev in ScriptDirectory.from_config(_config(store)).walk_revisions()}


def script_head(store: str) -> str | None:
    from alembic.script import ScriptDirectory

    return ScriptDirectory.from_config(_config(store)).get_current_head()


def _config(store: str, connection: object | None = None) -> "Config":
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(_HERE / store))
    config.attributes["connection"] = connection
    return config


def assert_fts_objects(path: Path, store: str) -> None:
    """Batch migrations drop triggers silently; a store without them would drift unnoticed."""
    with closing(open_sqlite3(path, SYNCHRONOUS[store])) as conn:
        names = {row[0] for row in conn.execute("SELECT name FROM sqlite_master")}
    missing = [n for n in (*FTS_TRIGGERS[store], *FTS_TABLES[store]) if n not in names]
    if missing:
        raise StorageError(f"{path} lacks {', '.join(missing)} after migration")
