"""`Db`: the few calls the repositories make, and `Sqlite3Db`, the one driver of the stores.

The repositories hold plain SQL text with `:name` parameters. Every reader and writer of the
SQLite stores runs them on a standard-library `sqlite3.Connection` (`Sqlite3Db` here, opened by
sqlite3_store.py); the PostgreSQL team store binds the same SQL through its own `Db`
(adapters/postgres/db.py). SQLAlchemy touches the SQLite files only while Alembic migrates them.
"""

import sqlite3
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol

Row = Mapping[str, Any]
Params = Mapping[str, Any]
Release = Callable[[sqlite3.Connection], None]


class Db(Protocol):
    """Statements inside the caller's transaction; rows are read by column name. `info` holds
    per-transaction notes of the connection (the writer's name not yet written: actor.py)."""

    @property
    def info(self) -> dict[str, Any]: ...

    def execute(self, sql: str, params: Params | None = None) -> int:
        """Runs one statement; the number of rows it changed."""
        ...

    def executemany(self, sql: str, rows: Sequence[Params]) -> int: ...

    def execute_plain(self, sql: str, params: Params) -> None:
        """One fixed statement inside the same transaction, not itself named as a write: the
        writer's name, written and cleared in every write transaction."""
        ...

    def fetch(self, sql: str, params: Params | None = None) -> Sequence[Row]: ...

    def stream(self, sql: str, params: Params | None = None) -> Iterator[Row]:
        """The rows one at a time, for readers of a whole table (`abzu export`)."""
        ...

    def scalar(self, sql: str, params: Params | None = None) -> Any:
        """The first column of the first row; None when there is no row."""
        ...


class StoreConnection(Db, Protocol):
    """One store's connection as a unit of work drives it."""

    def begin(self, *, read_only: bool, try_gate: bool = False) -> None:
        """A writer first queues at the data home's write gate (write_gate.py); with `try_gate`
        it fails as busy instead of waiting (recall's best-effort stamps)."""
        ...

    def commit(self) -> None: ...

    def rollback(self) -> None: ...

    def close(self) -> None: ...

    def pragma(self, statement: str) -> Any:
        """`PRAGMA <statement>` outside any transaction (some PRAGMAs refuse to run inside one)."""
        ...


class DbSource(Protocol):
    """Where a unit of work gets a store's connection from (a store file, a team database)."""

    def open_connection(self) -> StoreConnection: ...


WRITER_PENDING = "abzu_actor_pending"  # the name to write before the first write (actor.py)
WRITER_WRITTEN = "abzu_actor_written"
_WRITES = ("INSERT", "UPDATE", "DELETE", "REPLAC")
NAME_SQL = "INSERT OR REPLACE INTO event_actor (id, who) VALUES (1, :who)"


def name_before_first_write(db: Db, sql: str) -> None:
    """The history's writer row goes in just before the transaction's first write, so a unit of
    work that writes nothing to a store leaves it clean (no WAL frame, no fsync)."""
    who = db.info.get(WRITER_PENDING)
    if who is None or sql.lstrip()[:6].upper() not in _WRITES:
        return
    del db.info[WRITER_PENDING]
    db.info[WRITER_WRITTEN] = True
    db.execute_plain(NAME_SQL, {"who": who})


def forget_writer(info: dict[str, Any]) -> None:
    info.pop(WRITER_PENDING, None)
    info.pop(WRITER_WRITTEN, None)


def in_list(prefix: str, values: Iterable[Any]) -> tuple[str, dict[str, Any]]:
    """`(:p0, :p1, ...)` and its parameters: no driver expands a list into `IN`."""
    params = {f"{prefix}{i}": v for i, v in enumerate(values)}
    return "(" + ", ".join(f":{name}" for name in params) + ")", params


def cause(exc: BaseException) -> BaseException:
    """The driver's error under SQLAlchemy's wrapper (its `.orig`: a migration, the team store),
    or the error itself."""
    orig = getattr(exc, "orig", None)
    return orig if isinstance(orig, BaseException) else exc


def is_operational(exc: BaseException) -> bool:
    return isinstance(cause(exc), sqlite3.OperationalError)


class Sqlite3Db:
    """`StoreConnection` over a standard-library connection opened in autocommit mode
    (`isolation_level=None`): transactions are started and ended here, never implicitly."""

    def __init__(
        self, conn: sqlite3.Connection, on_close: Release | None = None, gate: Path | None = None
    ) -> None:
        conn.row_factory = _mapping
        self.raw, self._on_close, self._gate = conn, on_close, gate
        self.info: dict[str, Any] = {}
        self._holder: int | None = None

    def execute(self, sql: str, params: Params | None = None) -> int:
        name_before_first_write(self, sql)
        return self.raw.execute(sql, params or {}).rowcount

    def executemany(self, sql: str, rows: Sequence[Params]) -> int:
        name_before_first_write(self, sql)
        return self.raw.executemany(sql, rows).rowcount if rows else 0

    def execute_plain(self, sql: str, params: Params) -> None:
        self.raw.execute(sql, params)

    def fetch(self, sql: str, params: Params | None = None) -> Sequence[Row]:
        return self.raw.execute(sql, params or {}).fetchall()

    def stream(self, sql: str, params: Params | None = None) -> Iterator[Row]:
        yield from self.raw.execute(sql, params or {})

    def scalar(self, sql: str, params: Params | None = None) -> Any:
        row = self.raw.execute(sql, params or {}).fetchone()
        return None if row is None else next(iter(row.values()))

    def begin(self, *, read_only: bool, try_gate: bool = False) -> None:
        if not read_only and self._gate is not None and self._holder is None:
            self._holder = enter_gate(self._gate, wait=not try_gate)
        try:  # the one transaction start of every store connection:
            # Deferred BEGIN loses writes under concurrency (a reader cannot always upgrade to a
            # writer, whatever the busy timeout), so a writer takes the lock up front; a read-only
            # unit of work (status, recall's search) must not queue behind writers for it.
            self.raw.execute("BEGIN" if read_only else "BEGIN IMMEDIATE")
        except BaseException:
            self._leave_gate()
            raise

    def commit(self) -> None:
        if self.raw.in_transaction:
            self.raw.execute("COMMIT")
        forget_writer(self.info)
        wrote = self._holder is not None
        self._leave_gate()
        if wrote and self._gate is not None:  # outside the hold (checkpoint.py)
            from abzu.adapters.sqlite import checkpoint

            checkpoint.after_commit(self.raw, self._gate)

    def rollback(self) -> None:
        if self.raw.in_transaction:
            self.raw.execute("ROLLBACK")
        forget_writer(self.info)
        self._leave_gate()

    def _leave_gate(self) -> None:
        """After the commit or rollback the next writer may start (write_gate.py)."""
        if self._gate is not None and self._holder is not None:
            from abzu.adapters.sqlite import write_gate

            write_gate.release(self._gate, self._holder)
        self._holder = None

    def close(self) -> None:
        """Rolls back what is left open; the connection goes to `on_close` (a pool) or is closed."""
        self.rollback()
        if self._on_close is None:
            self.raw.close()
        else:
            self._on_close(self.raw)

    def pragma(self, statement: str) -> Any:
        row = self.raw.execute(f"PRAGMA {statement}").fetchone()
        return None if row is None else next(iter(row.values()))


def enter_gate(store: Path, *, wait: bool) -> int | None:
    """The data home's write gate for `store`; busy (as SQLite says it) when it stays taken. None:
    no lock file is possible (a read-only home), SQLite's own locking still holds."""
    from abzu.adapters.sqlite import write_gate

    try:
        holder = write_gate.acquire(store, wait=wait)
    except OSError:
        return None
    if holder is None:
        raise write_gate.GateBusy("database is locked: the write gate is taken")
    return holder


def _mapping(cursor: sqlite3.Cursor, values: tuple[Any, ...]) -> dict[str, Any]:
    # A dict, not sqlite3.Row: the repositories and the search read rows as Mappings.
    return dict(zip([d[0] for d in cursor.description], values, strict=True))
