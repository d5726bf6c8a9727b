"""Every connection is set up for concurrent use, and every transaction takes the write lock first."""

import sqlite3
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Engine, event

from abzu.adapters.sqlite.engine import BUSY_TIMEOUT_MS, StorageError, open_engine, probe_fts5
from abzu.adapters.sqlite.migrations.runner import ensure_schema
from abzu.application.recall import RecallRequest
from abzu.application.remember import RememberRequest
from abzu.entrypoints.wiring.container import Container

Trace = list[tuple[int, str]]


def pragma(engine: Engine, name: str) -> object:
    with engine.connect() as conn:
        raw = conn.connection.driver_connection
        assert isinstance(raw, sqlite3.Connection)
        return raw.execute(f"PRAGMA {name}").fetchone()[0]


@pytest.mark.parametrize(("store", "synchronous"), [("wisdom", 2), ("staging", 1)])
def test_connections_use_wal_a_busy_timeout_foreign_keys_and_the_right_durability(
    container: Container, store: str, synchronous: int
) -> None:
    engine = container.wisdom_engine() if store == "wisdom" else container.staging_engine()
    assert pragma(engine, "journal_mode") == "wal"
    # each attempt waits in SQLite briefly; the busy policy retries past it (issue 20.5)
    assert pragma(engine, "busy_timeout") == BUSY_TIMEOUT_MS
    assert pragma(engine, "foreign_keys") == 1
    assert pragma(engine, "synchronous") == synchronous  # 2 = FULL (knowledge), 1 = NORMAL (staging)


def trace(engine: Engine) -> Trace:
    """Record every statement SQLite runs on connections opened from now on."""
    log: Trace = []

    def on_connect(dbapi_conn: sqlite3.Connection, _record: object) -> None:
        dbapi_conn.set_trace_callback(lambda sql: log.append((id(dbapi_conn), sql)))

    event.listen(engine, "connect", on_connect)
    engine.dispose()
    return log


def trace_plain(store: Any) -> Trace:
    """The same trace on a `Sqlite3Store` (the memory operations' sqlite3 driver)."""
    log: Trace = []
    connect = store._connect

    def traced() -> sqlite3.Connection:
        conn = connect()
        conn.set_trace_callback(lambda sql: log.append((id(conn), sql)))
        return conn

    store.close()  # idle connections opened before the trace go
    store._connect = traced
    return log


def writes_outside_immediate_transactions(log: Trace) -> list[str]:
    """Statements that change data while no BEGIN IMMEDIATE is open (outside any transaction, or
    inside a deferred one: a deferred reader cannot always upgrade to a writer). A plain BEGIN
    that only reads (status) is fine."""
    immediate: dict[int, bool] = {}
    bad = []
    for conn, sql in log:
        verb = sql.lstrip().split(" ", 1)[0].upper()
        if verb == "BEGIN":
            immediate[conn] = sql.strip().upper() == "BEGIN IMMEDIATE"
        elif verb in ("COMMIT", "ROLLBACK", "END"):
            immediate[conn] = False
        elif verb in ("INSERT", "UPDATE", "DELETE", "REPLACE", "CREATE", "DROP", "ALTER"):
            bad += [] if immediate.get(conn) else [sql]
    return bad


def test_every_write_of_the_four_operations_runs_inside_begin_immediate(container: Container) -> None:
    wisdom_log, staging_log = trace(container.wisdom_engine()), trace(container.staging_engine())
    plain = trace_plain(container.wisdom_plain()), trace_plain(container.staging_plain())
    for text, category in (("Use WAL for SQLite", "learning"), ("Prefer SQLite WAL mode", "preference")):
        assert container.remember().execute(RememberRequest(text, category)).unwrap()
    hits = container.recall().execute(RecallRequest("sqlite")).unwrap().hits
    bead_id = next(h.hit.item_id for h in hits if h.hit.source.value == "bead")
    container.star().execute(bead_id).unwrap()
    container.status().execute()
    container.sessions.maintenance().execute()
    wisdom_log, staging_log = wisdom_log + plain[0], staging_log + plain[1]
    log = wisdom_log + staging_log
    assert any(sql.startswith("INSERT") for _, sql in wisdom_log)
    assert any(sql.startswith("INSERT") for _, sql in staging_log)
    assert any(sql.strip() == "BEGIN IMMEDIATE" for _, sql in log)
    assert writes_outside_immediate_transactions(log) == []


@pytest.mark.parametrize(("store", "name"), [("wisdom", "wisdom.db"), ("staging", "abzu.db")])
def test_migrations_also_run_inside_begin_immediate(tmp_path: Path, store: str, name: str) -> None:
    engine = open_engine(tmp_path / name)
    log = trace(engine)
    ensure_schema(engine, store)
    engine.dispose()
    assert any(sql.startswith("CREATE TABLE") for _, sql in log)
    assert writes_outside_immediate_transactions(log) == []


def test_the_checker_does_notice_a_deferred_begin() -> None:
    log: Trace = [(1, "BEGIN"), (1, "INSERT INTO beads VALUES (1)"), (2, "UPDATE beads SET x = 1")]
    assert writes_outside_immediate_transactions(log) == [
        "INSERT INTO beads VALUES (1)", "UPDATE beads SET x = 1",
    ]


def test_a_sqlite_without_fts5_is_refused_in_words(tmp_path: Path) -> None:
    engine = open_engine(tmp_path / "wisdom.db")

    def without_virtual_tables(dbapi_conn: sqlite3.Connection, _record: object) -> None:
        def authorise(action: int, *_: object) -> int:
            return sqlite3.SQLITE_DENY if action == sqlite3.SQLITE_CREATE_VTABLE else sqlite3.SQLITE_OK

        dbapi_conn.set_authorizer(authorise)

    event.listen(engine, "connect", without_virtual_tables)
    with pytest.raises(StorageError, match=r"this SQLite \(3\.\d+\.\d+\) has no FTS5; Abzu needs it"):
        probe_fts5(engine)
    engine.dispose()
