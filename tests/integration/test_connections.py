"""Every connection is set up for concurrent use, and every transaction takes the write lock first."""

import sqlite3
from collections.abc import Callable
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from abzu.adapters.sqlite import connect, stores
from abzu.adapters.sqlite.connect import BUSY_TIMEOUT_MS, StorageError
from abzu.adapters.sqlite.migrations import engine as migration_engine
from abzu.adapters.sqlite.migrations import runner
from abzu.adapters.sqlite.migrations.runner import ensure_schema
from abzu.adapters.sqlite.sqlite3_store import Sqlite3Store
from abzu.application.recall import RecallRequest
from abzu.application.remember import RememberRequest
from abzu.entrypoints.wiring.container import Container

Trace = list[tuple[int, str]]


def pragma(store: Sqlite3Store, name: str) -> object:
    with closing(store.open_connection()) as conn:
        return conn.pragma(name)


@pytest.mark.parametrize(("store", "synchronous"), [("wisdom", 2), ("staging", 1)])
def test_connections_use_wal_a_busy_timeout_foreign_keys_and_the_right_durability(
    container: Container, store: str, synchronous: int
) -> None:
    opened = container.wisdom_store() if store == "wisdom" else container.staging_store()
    assert pragma(opened, "journal_mode") == "wal"
    # each attempt waits in SQLite briefly; the busy policy retries past it (issue 20.5)
    assert pragma(opened, "busy_timeout") == BUSY_TIMEOUT_MS
    assert pragma(opened, "foreign_keys") == 1
    assert pragma(opened, "synchronous") == synchronous  # 2 = FULL (knowledge), 1 = NORMAL (staging)


def trace_plain(store: Any) -> Trace:
    """Record every statement SQLite runs on the store's connections opened from now on."""
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
    wisdom_log, staging_log = trace_plain(container.wisdom_store()), trace_plain(container.staging_store())
    for text, category in (("Use WAL for SQLite", "learning"), ("Prefer SQLite WAL mode", "preference")):
        assert container.remember().execute(RememberRequest(text, category)).unwrap()
    hits = container.recall().execute(RecallRequest("sqlite")).unwrap().hits
    bead_id = next(h.hit.item_id for h in hits if h.hit.source.value == "bead")
    container.star().execute(bead_id).unwrap()
    container.status().execute()
    container.sessions.maintenance().execute()
    log = wisdom_log + staging_log
    assert any(sql.startswith("INSERT") for _, sql in wisdom_log)
    assert any(sql.startswith("INSERT") for _, sql in staging_log)
    assert any(sql.strip() == "BEGIN IMMEDIATE" for _, sql in log)
    assert writes_outside_immediate_transactions(log) == []


@pytest.mark.parametrize(("store", "name"), [("wisdom", "wisdom.db"), ("staging", "abzu.db")])
def test_migrations_also_run_inside_begin_immediate(
    tmp_path: Path, store: str, name: str, monkeypatch: pytest.MonkeyPatch,
) -> None:
    log: Trace = []
    for module in (runner, migration_engine):  # Alembic's engine opens its connections the same way
        monkeypatch.setattr(module, "open_sqlite3", traced(connect.open_sqlite3, log))
    ensure_schema(tmp_path / name, store)
    assert any(sql.startswith("CREATE TABLE") for _, sql in log)
    assert writes_outside_immediate_transactions(log) == []


def test_the_checker_does_notice_a_deferred_begin() -> None:
    log: Trace = [(1, "BEGIN"), (1, "INSERT INTO beads VALUES (1)"), (2, "UPDATE beads SET x = 1")]
    assert writes_outside_immediate_transactions(log) == [
        "INSERT INTO beads VALUES (1)", "UPDATE beads SET x = 1",
    ]


def traced(opener: Callable[..., sqlite3.Connection], log: Trace) -> Callable[..., sqlite3.Connection]:
    def opened(*args: Any) -> sqlite3.Connection:
        conn = opener(*args)
        conn.set_trace_callback(lambda sql: log.append((id(conn), sql)))
        return conn

    return opened


def test_a_sqlite_without_fts5_is_refused_in_words(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def without_virtual_tables(*args: Any) -> sqlite3.Connection:
        def authorise(action: int, *_: object) -> int:
            return sqlite3.SQLITE_DENY if action == sqlite3.SQLITE_CREATE_VTABLE else sqlite3.SQLITE_OK

        conn = connect.open_sqlite3(*args)
        conn.set_authorizer(authorise)
        return conn

    monkeypatch.setattr(stores, "open_sqlite3", without_virtual_tables)
    with pytest.raises(StorageError, match=r"this SQLite \(3\.\d+\.\d+\) has no FTS5; Abzu needs it"):
        stores.ready(tmp_path / "wisdom.db", "wisdom")
