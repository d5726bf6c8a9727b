import re
import sqlite3
from contextlib import closing
from datetime import UTC, datetime
from pathlib import Path

from returns.result import Failure, Result, Success

from abzu.adapters.private_files import private_folder
from abzu.adapters.sqlite.connect import StorageError
from abzu.adapters.sqlite.migrations.snapshot import vacuum_into
from abzu.adapters.sqlite.sqlite3_store import Sqlite3Store
from abzu.adapters.sqlite.stores import ready
from abzu.application.review.ports import SnapshotMissing, WisdomSnapshots

KEEP = 5
SNAPSHOT_GLOB = "wisdom-*.db"  # the names `take` gives; `abzu scrub` cleans them too


class SqliteWisdomSnapshots(WisdomSnapshots):
    """`VACUUM INTO` a file under `<data home>/snapshots`; restore through the backup API.

    Restoring never copies a file over a live database: the backup API writes through SQLite's
    own locking (other processes just see new content), and idle connections are closed.
    VACUUM may renumber the rowids of a table with a TEXT primary key, which the external-content
    FTS index refers to, so the index is rebuilt and checked (rank-1 integrity-check) afterwards.
    """

    def __init__(self, store: Sqlite3Store, folder: Path, keep: int = KEEP) -> None:
        self._store, self._wisdom, self._folder, self._keep = store, store.path, folder, keep

    def take(self, label: str) -> str:
        private_folder(self._folder)
        stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S%f")
        target = self._folder / f"wisdom-{stamp}-{re.sub(r'[^A-Za-z0-9_-]', '_', label)}.db"
        vacuum_into(self._wisdom, target)
        self._prune()
        return str(target)

    def restore(self, snapshot: str) -> Result[None, SnapshotMissing]:
        source = Path(snapshot)
        if not source.is_file():
            return Failure(SnapshotMissing(snapshot))
        self._store.close()
        with closing(sqlite3.connect(f"file:{source}?mode=ro", uri=True)) as src, closing(
            sqlite3.connect(self._wisdom, timeout=10, isolation_level=None)
        ) as dst:
            src.backup(dst)
            _rebuild_index(dst)
        self._store.close()
        ready(self._wisdom, "wisdom")  # a copy taken before an upgrade is migrated again
        return Success(None)

    def _prune(self) -> None:
        kept = sorted(self._folder.glob(SNAPSHOT_GLOB), key=lambda p: (p.stat().st_mtime_ns, p.name))
        for old in kept[: -self._keep]:
            old.unlink(missing_ok=True)


def _rebuild_index(conn: sqlite3.Connection) -> None:
    conn.execute("INSERT INTO beads_fts(beads_fts) VALUES('rebuild')")
    try:
        conn.execute("INSERT INTO beads_fts(beads_fts, rank) VALUES('integrity-check', 1)")
    except sqlite3.DatabaseError as exc:
        raise StorageError(f"the restored search index failed its check: {exc}") from exc
