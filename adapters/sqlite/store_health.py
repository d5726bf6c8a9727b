"""Health checks of one SQLite store for `abzu doctor`, on a plain sqlite3 connection.

Doctor must not migrate or create anything while it looks, so it does not open the store
(stores.ready, sqlite3_store.py): a store at an old revision is a finding, not something to fix silently.
"""

import sqlite3
from contextlib import closing
from pathlib import Path

from abzu.adapters.sqlite.actor import MAINTENANCE, acting_as
from abzu.adapters.sqlite.event_triggers import event_triggers
from abzu.adapters.sqlite.fts_sync import FTS_SYNC, FtsSync, recreate_triggers
from abzu.adapters.sqlite.migrations.runner import HEADS
from abzu.domain.health import Finding

# History of an item that is gone without its going being recorded (history triggers missing, or a
# row removed by hand): (check, what, SQL counting the items).
_ORPHAN_EVENTS = (
    "SELECT count(DISTINCT e.item_id) FROM memory_events e "
    "WHERE NOT EXISTS (SELECT 1 FROM {table} t WHERE t.id = e.item_id) "
    "AND NOT EXISTS (SELECT 1 FROM memory_events g WHERE g.item_id = e.item_id AND g.event = '{gone}')"
)
ORPHAN_EVENTS = {
    "wisdom": ("orphan events", "beads with history but no row and no 'deleted' event",
               _ORPHAN_EVENTS.format(table="beads", gone="deleted")),
    "staging": ("orphan events", "candidates with history but no row and no 'left staging' event",
                _ORPHAN_EVENTS.format(table="bead_candidates", gone="left staging")),
}
# Rows whose reference points nowhere: (check, what, SQL counting them).
ORPHANS = {
    "wisdom": (
        ("orphan supersessions", "beads superseded by a missing bead",
         "SELECT count(*) FROM beads b WHERE b.superseded_by IS NOT NULL "
         "AND NOT EXISTS (SELECT 1 FROM beads s WHERE s.id = b.superseded_by)"),
        ("orphan projects", "beads of an unknown project",
         "SELECT count(*) FROM beads b WHERE b.project IS NOT NULL "
         "AND NOT EXISTS (SELECT 1 FROM projects p WHERE p.name = b.project)"),
    ),
    "staging": (),
}


class SqliteStoreHealth:
    def __init__(self, path: Path, store: str) -> None:
        self._path, self._store, self._name = path, store, path.name

    def check(self) -> list[Finding]:
        if not self._path.exists():
            return [Finding(self._name, "exists")]  # created on first use: nothing to check yet
        try:
            with closing(self._connect()) as conn:
                return self._checks(conn)
        except sqlite3.DatabaseError as exc:
            return [Finding(self._name, "open", f"cannot be read as SQLite: {exc}")]

    def repair(self) -> list[str]:
        if not self._path.exists():
            return []
        with closing(self._connect()) as conn:
            conn.execute("BEGIN IMMEDIATE")
            # Rebuilding indexes and triggers changes no memory row, so it records no event; named
            # all the same, so nothing a repair ever writes is left "by unknown".
            with acting_as(conn, MAINTENANCE):
                done = [line for sync in FTS_SYNC[self._store] for line in _rebuild(conn, sync)]
                done += _restore_events(conn, self._store)
            conn.execute("COMMIT")
        return [f"{self._name}: {line}" for line in done]

    def _connect(self) -> sqlite3.Connection:
        conn = sqlite3.connect(self._path, timeout=10, isolation_level=None)
        conn.execute("PRAGMA busy_timeout=10000")
        return conn

    def _checks(self, conn: sqlite3.Connection) -> list[Finding]:
        name = self._name
        return [
            Finding(name, "integrity", _integrity(conn)),
            Finding(name, "schema", _schema(conn, HEADS[self._store])),
            *(Finding(name, f"triggers of {s.fts}", _missing_triggers(conn, s), repairable=True)
              for s in FTS_SYNC[self._store]),
            *(Finding(name, f"index {s.fts}", _fts_integrity(conn, s), repairable=True)
              for s in FTS_SYNC[self._store]),
            *(Finding(name, check, _orphans(conn, what, sql)) for check, what, sql in ORPHANS[self._store]),
            *self._event_checks(conn),
        ]

    def _event_checks(self, conn: sqlite3.Connection) -> list[Finding]:
        """Only once the store has its history (a store behind its schema says so already)."""
        if not _has_events(conn):
            return []
        check, what, sql = ORPHAN_EVENTS[self._store]
        return [Finding(self._name, "history triggers", _missing_events(conn, self._store), repairable=True),
                Finding(self._name, check, _orphans(conn, what, sql))]


def _has_events(conn: sqlite3.Connection) -> bool:
    return conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'memory_events'").fetchone() is not None


def _integrity(conn: sqlite3.Connection) -> str | None:
    rows = [r[0] for r in conn.execute("PRAGMA integrity_check(20)")]
    return None if rows == ["ok"] else "; ".join(rows)


def _schema(conn: sqlite3.Connection, head: str) -> str | None:
    try:
        current = conn.execute("SELECT version_num FROM alembic_version").fetchone()
    except sqlite3.OperationalError:
        current = None
    found = current[0] if current else None
    if found == head:
        return None
    return f"schema is at {found or 'no revision'}, expected {head} (any abzu command migrates it)"


def _missing_triggers(conn: sqlite3.Connection, sync: FtsSync) -> str | None:
    present = _trigger_names(conn)
    missing = [t for t in sync.triggers if t not in present]
    return f"missing {', '.join(missing)}: {sync.fts} no longer follows {sync.table}" if missing else None


def _fts_integrity(conn: sqlite3.Connection, sync: FtsSync) -> str | None:
    """FTS5's own check with rank 1 compares the index against the table it indexes."""
    try:
        conn.execute(f"INSERT INTO {sync.fts}({sync.fts}, rank) VALUES ('integrity-check', 1)")
    except sqlite3.DatabaseError as exc:
        return f"out of step with {sync.table}: {exc}"
    return None


def _orphans(conn: sqlite3.Connection, what: str, sql: str) -> str | None:
    count = int(conn.execute(sql).fetchone()[0])
    return f"{count} {what}" if count else None


def _rebuild(conn: sqlite3.Connection, sync: FtsSync) -> list[str]:
    recreate_triggers(conn, sync)
    conn.execute(f"INSERT INTO {sync.fts}({sync.fts}) VALUES ('rebuild')")
    return [f"triggers of {sync.fts} recreated", f"{sync.fts} rebuilt from {sync.table}"]


def _missing_events(conn: sqlite3.Connection, store: str) -> str | None:
    missing = sorted(set(event_triggers(store)) - _trigger_names(conn))
    return f"missing {', '.join(missing)}: changes would leave no history" if missing else None


def _restore_events(conn: sqlite3.Connection, store: str) -> list[str]:
    if "memory_events" not in {r[0] for r in conn.execute("SELECT name FROM sqlite_master")}:
        return []  # a store behind its schema: the next abzu command migrates it, triggers and all
    missing = {n: sql for n, sql in event_triggers(store).items() if n not in _trigger_names(conn)}
    for statement in missing.values():
        conn.execute(statement)
    return [f"history trigger {name} recreated" for name in sorted(missing)]


def _trigger_names(conn: sqlite3.Connection) -> set[str]:
    return {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'")}
