"""`abzu scrub` targets for SQLite: the live stores, and the review snapshots of wisdom.db."""

import sqlite3
from collections.abc import Iterator
from contextlib import closing, contextmanager
from functools import partial
from pathlib import Path

from abzu.adapters.sqlite.db import Sqlite3Db
from abzu.adapters.sqlite.scrub_database import Database, scrub_database
from abzu.adapters.sqlite.snapshots import SNAPSHOT_GLOB
from abzu.adapters.sqlite.sqlite3_store import Sqlite3Store
from abzu.application.scrub.fields import FieldScrubber
from abzu.application.scrub.ports import Scrubbed, ScrubCount, ScrubProgress, ScrubTarget


class SqliteStoreScrubber(ScrubTarget):
    """A live store: the rewrite is one BEGIN IMMEDIATE transaction behind the write gate, so hooks
    and MCP servers writing meanwhile wait for it; the scan before it (and a dry run) reads with a
    plain BEGIN and blocks no one."""

    def __init__(self, name: str, store: Sqlite3Store) -> None:
        self._name, self._store = name, store

    def scrub(self, fields: FieldScrubber, *, dry_run: bool, progress: ScrubProgress) -> Scrubbed:
        db = self._store.open_connection()
        db.raw.row_factory = None  # the scrub reads plain tuples
        try:
            database = Database(self._name, db.raw, partial(_store_transaction, db))
            return scrub_database(database, fields, dry_run=dry_run, progress=progress)
        finally:
            db.close()


@contextmanager
def _store_transaction(db: Sqlite3Db, write: bool) -> Iterator[None]:
    db.begin(read_only=not write)
    try:
        yield
    except BaseException:
        db.rollback()  # after SQLITE_FULL and the like SQLite has rolled back already
        raise
    db.commit()


class SqliteSnapshotScrubber(ScrubTarget):
    """The wisdom.db copies `abzu review --undo` restores: left alone, an undo would bring old
    secrets back. Each is scrubbed like the live store; one that cannot be opened is reported."""

    def __init__(self, folder: Path) -> None:
        self._folder = folder

    def scrub(self, fields: FieldScrubber, *, dry_run: bool, progress: ScrubProgress) -> Scrubbed:
        counts: list[ScrubCount] = []
        problems: list[str] = []
        for path in sorted(self._folder.glob(SNAPSHOT_GLOB)):
            try:
                done = _scrub_file(path, fields, dry_run=dry_run, progress=progress)
            except sqlite3.DatabaseError as exc:
                problems.append(f"snapshot {path.name} could not be scrubbed ({exc}): "
                                "delete it if you do not need `abzu review --undo`")
                continue
            counts += done.counts
            problems += done.problems
        return Scrubbed(tuple(counts), tuple(problems))


def _scrub_file(path: Path, fields: FieldScrubber, *, dry_run: bool, progress: ScrubProgress) -> Scrubbed:
    uri = f"file:{path}?mode=ro" if dry_run else f"file:{path}"
    with closing(sqlite3.connect(uri, uri=True, isolation_level=None, timeout=10)) as conn:
        database = Database(f"snapshots/{path.name}", conn, partial(_transaction, conn))
        return scrub_database(database, fields, dry_run=dry_run, progress=progress)


@contextmanager
def _transaction(conn: sqlite3.Connection, write: bool) -> Iterator[None]:
    conn.execute("BEGIN IMMEDIATE" if write else "BEGIN")
    try:
        yield
    except BaseException:
        if conn.in_transaction:  # after SQLITE_FULL and the like SQLite has rolled back already
            conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")
