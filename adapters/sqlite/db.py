"""`Db`: the few calls the repositories make, on either driver (standard library only).

The repositories hold plain SQL text with `:name` parameters, which both the standard library's
`sqlite3` and SQLAlchemy's `text()` bind. So one implementation of each repository runs on a
SQLAlchemy `Connection` (the container: review, scrub, doctor; `alchemy_db.py`) and on a plain
`sqlite3.Connection` (`abzu recall`/`remember`/`status`/`star` and the hooks, which cannot pay
SQLAlchemy's ~0.2 s import; `Sqlite3Db` here).
"""

import sqlite3
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

Row = Mapping[str, Any]
Params = Mapping[str, Any]
Release = Callable[[sqlite3.Connection], None]


class Db(Protocol):
    """Statements inside the caller's transaction; rows are read by column name."""

    def execute(self, sql: str, params: Params | None = None) -> int:
        """Runs one statement; the number of rows it changed."""
        ...

    def executemany(self, sql: str, rows: Sequence[Params]) -> int: ...

    def fetch(self, sql: str, params: Params | None = None) -> Sequence[Row]: ...

    def scalar(self, sql: str, params: Params | None = None) -> Any:
        """The first column of the first row; None when there is no row."""
        ...


class StoreConnection(Db, Protocol):
    """One store's connection as a unit of work drives it."""

    def begin(self, *, read_only: bool) -> None: ...

    def commit(self) -> None: ...

    def rollback(self) -> None: ...

    def close(self) -> None: ...

    def pragma(self, statement: str) -> Any:
        """`PRAGMA <statement>` outside any transaction (some PRAGMAs refuse to run inside one)."""
        ...


@runtime_checkable
class DbSource(Protocol):
    """Where a unit of work gets a store's connection from (an engine, a file)."""

    def open_connection(self) -> StoreConnection: ...


def begin_statement(read_only: bool) -> str:
    """The one transaction start of every store connection, on both drivers.

    Deferred BEGIN loses writes under concurrency (a reader cannot always upgrade to a writer,
    whatever the busy timeout), so a writer takes the lock up front; a read-only unit of work
    (status, recall's search) must not queue behind writers for it.
    """
    return "BEGIN" if read_only else "BEGIN IMMEDIATE"


def in_list(prefix: str, values: Iterable[Any]) -> tuple[str, dict[str, Any]]:
    """`(:p0, :p1, ...)` and its parameters: neither driver expands a list into `IN`."""
    params = {f"{prefix}{i}": v for i, v in enumerate(values)}
    return "(" + ", ".join(f":{name}" for name in params) + ")", params


def cause(exc: BaseException) -> BaseException:
    """The sqlite3 error under SQLAlchemy's wrapper (its `.orig`), or the error itself."""
    orig = getattr(exc, "orig", None)
    return orig if isinstance(orig, BaseException) else exc


def is_operational(exc: BaseException) -> bool:
    return isinstance(cause(exc), sqlite3.OperationalError)


class Sqlite3Db:
    """`StoreConnection` over a standard-library connection opened in autocommit mode
    (`isolation_level=None`): transactions are started and ended here, never implicitly."""

    def __init__(self, conn: sqlite3.Connection, on_close: Release | None = None) -> None:
        conn.row_factory = _mapping
        self.raw, self._on_close = conn, on_close

    def execute(self, sql: str, params: Params | None = None) -> int:
        return self.raw.execute(sql, params or {}).rowcount

    def executemany(self, sql: str, rows: Sequence[Params]) -> int:
        return self.raw.executemany(sql, rows).rowcount if rows else 0

    def fetch(self, sql: str, params: Params | None = None) -> Sequence[Row]:
        return self.raw.execute(sql, params or {}).fetchall()

    def scalar(self, sql: str, params: Params | None = None) -> Any:
        row = self.raw.execute(sql, params or {}).fetchone()
        return None if row is None else next(iter(row.values()))

    def begin(self, *, read_only: bool) -> None:
        self.raw.execute(begin_statement(read_only))

    def commit(self) -> None:
        if self.raw.in_transaction:
            self.raw.execute("COMMIT")

    def rollback(self) -> None:
        if self.raw.in_transaction:
            self.raw.execute("ROLLBACK")

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


def _mapping(cursor: sqlite3.Cursor, values: tuple[Any, ...]) -> dict[str, Any]:
    # A dict, not sqlite3.Row: the repositories and the search read rows as Mappings.
    return dict(zip([d[0] for d in cursor.description], values, strict=True))
