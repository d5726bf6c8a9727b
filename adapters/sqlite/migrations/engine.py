"""The one SQLAlchemy engine over a SQLite store: Alembic's, while a migration runs.

Every other access to the stores goes through the standard library's sqlite3 (db.py). This
engine opens its connection the same way (connect.open_sqlite3: WAL, durability, busy wait,
foreign keys, no implicit BEGIN) and starts Alembic's transaction with BEGIN IMMEDIATE; the
write gate is already held by the migration lock (lock.py).
"""

from pathlib import Path

from sqlalchemy import Connection, Engine, create_engine, event
from sqlalchemy.pool import NullPool

from abzu.adapters.sqlite.connect import SYNCHRONOUS, open_sqlite3


def migration_engine(path: Path, store: str) -> Engine:
    engine = create_engine("sqlite://", creator=lambda: open_sqlite3(path, SYNCHRONOUS[store]),
                           poolclass=NullPool)
    event.listen(engine, "begin", _begin_immediate)
    return engine


def _begin_immediate(conn: Connection) -> None:
    conn.exec_driver_sql("BEGIN IMMEDIATE")
