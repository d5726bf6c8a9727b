"""A copy of a populated store taken before migrating it: a failed migration costs nothing."""

from contextlib import closing
from datetime import UTC, datetime
from pathlib import Path

from abzu.adapters.private_files import private_file, private_folder
from abzu.adapters.sqlite.connect import open_sqlite3

FOLDER = "snapshots"


def snapshot_before_migration(path: Path, revision: str) -> Path | None:
    """`VACUUM INTO <home>/snapshots/<store>-<stamp>-before-<revision>.db`, created 0600.

    The review snapshot glob (`wisdom-*.db`) matches the wisdom copies, so `abzu scrub` cleans
    them like any other snapshot. A store without user tables (brand new) is not copied.
    """
    if not _has_rows(path):
        return None
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S%f")
    target = private_folder(path.parent / FOLDER) / f"{path.stem}-{stamp}-before-{revision}.db"
    vacuum_into(path, target)
    return target


def vacuum_into(path: Path, target: Path) -> None:
    """A consistent copy of the store at `target`, born 0600 (VACUUM INTO accepts an empty file);
    the review snapshots take theirs the same way (snapshots.py)."""
    private_file(target)
    with closing(open_sqlite3(path, "NORMAL")) as conn:
        conn.execute("VACUUM INTO ?", (str(target),))


def _has_rows(path: Path) -> bool:
    with closing(open_sqlite3(path, "NORMAL")) as conn:
        tables = [r[0] for r in conn.execute(
            "SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%' "
            "AND name NOT LIKE '%_fts%' AND name != 'alembic_version'"
        )]
        return any(conn.execute(f'SELECT 1 FROM "{t}" LIMIT 1').fetchone() for t in tables)
