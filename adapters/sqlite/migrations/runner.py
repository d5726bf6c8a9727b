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

from sqlalchemy import Engine, text
from sqlalchemy.exc import OperationalError

from abzu.adapters.sqlite.engine import READ_ONLY, StorageError
from abzu.adapters.sqlite.migrations.lock import migration_lock
from abzu.adapters.sqlite.migrations.snapshot import snapshot_before_migration
from abzu.adapters.sqlite.schema import FTS_TABLES, FTS_TRIGGERS

if TYPE_CHECKING:
    from alembic.config import Config

HEADS = {"wisdom": "w0007", "staging": "s0011"}
_HERE = Path(__file__).parent


def ensure_schema(engine: Engine, store: str) -> None:
    if _current_revision(engine) == HEADS[store]:
        return
    path = Path(str(engine.url.database))
    with migration_lock(path):
        current = _current_revision(engine)  # re-checked: another process may have migrated
        if current == HEADS[store]:
            return
        if current is not None and current not in known_revisions(store):
            raise StorageError(f"{path} was written by a newer Abzu (schema {current}): upgrade abzu")
        if current is not None:
            snapshot_before_migration(engine, path, current)
        upgrade(engine, store)
        assert_fts_objects(engine, store)


def schema_is_current(path: Path, store: str) -> bool:
    """The cheap check for paths that open SQLite without SQLAlchemy (standard library only)."""
    try:
        with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=10)) as conn:
            row = conn.execute("SELECT version_num FROM alembic_version").fetchone()
    except sqlite3.Error:
        return False
    return row is not None and row[0] == HEADS[store]


def _current_revision(engine: Engine) -> str | None:
    # A plain read (no BEGIN IMMEDIATE): every process opening a store runs this.
    with engine.connect().execution_options(**{READ_ONLY: True}) as conn:
        try:
            return conn.execute(text("SELECT version_num FROM alembic_version")).scalar()
        except OperationalError:
            return None


def upgrade(engine: Engine, store: str) -> None:
    from alembic import command  # imported only when a migration is due: it is slow to import

    with engine.connect() as conn:
        command.upgrade(_config(store, conn), "head")
        conn.commit()


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


def assert_fts_objects(engine: Engine, store: str) -> None:
    """Batch migrations drop triggers silently; a store without them would drift unnoticed."""
    with engine.connect() as conn:
        names = set(conn.execute(text("SELECT name FROM sqlite_master")).scalars())
    missing = [n for n in (*FTS_TRIGGERS[store], *FTS_TABLES[store]) if n not in names]
    if missing:
        raise StorageError(f"{engine.url.database} lacks {', '.join(missing)} after migration")
