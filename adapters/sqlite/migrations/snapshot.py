"""A copy of a populated store taken before migrating it: a failed migration costs nothing."""

import sqlite3
from datetime import UTC, datetime
from pathlib import Path

from sqlalchemy import Engine

from abzu.adapters.private_files import private_file, private_folder

FOLDER = "snapshots"


def snapshot_before_migration(engine: Engine, path: Path, revision: str) -> Path | None:
    """`VACUUM INTO <home>/snapshots/<store>-<stamp>-before-<revision>.db`, created 0600.

    The review snapshot glob (`wisdom-*.db`) matches the wisdom copies, so `abzu scrub` cleans
    them like any other snapshot. A store without user tables (brand new) is not copied.
    """
    if not _has_rows(engine):
        return None
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S%f")
    target = private_folder(path.parent / FOLDER) / f"{path.stem}-{stamp}-before-{revision}.db"
    vacuum_into(engine, target)
    return target


def vacuum_into(engine: Engine, target: Path) -> None:
    """A consistent copy of the store at `target`, born 0600 (VACUUM INTO accepts an empty file);
    the review snapshots take theirs the same way (snapshots.py)."""
    private_file(target)
    raw = engine.raw_connection()
    try:
        driver = raw.driver_connection
        assert isinstance(driver, sqlite3.Connection)
        driver.execute("VACUUM INTO ?", (str(target),))
    finally:
        raw.close()


def _has_rows(engine: Engine) -> bool:
    raw = engine.raw_connection()
    try:
        driver = raw.driver_connection
        assert isinstance(driver, sqlite3.Connection)
        tables = [r[0] for r in driver.execute(
            "SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%' "
            "AND name NOT LIKE '%_fts%' AND name != 'alembic_version'"
        )]
        return any(driver.execute(f'SELECT 1 FROM "{t}" LIMIT 1').fetchone() for t in tables)
    finally:
        raw.close()
