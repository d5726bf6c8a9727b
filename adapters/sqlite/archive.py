"""Export and import of both stores as records, over the column lists of columns.py.

Every column of a table travels (anchors with their stale marks), so a round trip through an
empty home is lossless; vectors stay behind (domain/archive.py says why). Import never
overwrites: a record whose key is stored already is left alone (idempotent), and a bead or
candidate whose content (hash, project) is stored under another id is a duplicate, skipped. A
project keeps its root only where that folder exists (an export from another machine names that
machine's folders). The history travels too (archive_events.py). The import names its writer
for the history triggers.
"""

import os
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import NamedTuple

from abzu.adapters.sqlite import columns as c
from abzu.adapters.sqlite.archive_events import add_event, drop_events_after, event_records, last_seq
from abzu.adapters.sqlite.db import Db, DbSource
from abzu.adapters.sqlite.stamp_settling import settle, spool_of
from abzu.adapters.sqlite.unit_of_work import transaction
from abzu.application.archive import ImportCounts
from abzu.domain.archive import BELONGING, Record, event_place


class _Table(NamedTuple):
    name: str
    columns: tuple[str, ...]
    key: tuple[str, ...]


TABLES: dict[str, _Table] = {
    "project": _Table("projects", c.PROJECTS, ("name",)),
    "profile": _Table("user_profile", c.PROFILE, ("key",)),
    "bead": _Table("beads", c.BEADS, ("id",)),
    "bead_anchor": _Table("bead_anchors", c.BEAD_ANCHORS, ("memory_id", "kind", "value")),
    "source": _Table("bead_sources", c.BEAD_SOURCES, ("bead_id", "source_id")),
    "candidate": _Table("bead_candidates", c.CANDIDATES, ("id",)),
    "candidate_anchor": _Table("candidate_anchors", c.ANCHORS, ("memory_id", "kind", "value")),
    "summary": _Table("session_summaries", c.SUMMARIES, ("id",)),
}
WISDOM_KINDS = ("project", "profile", "bead", "bead_anchor", "source")
# a column named like the record's own "kind" (an anchor's: file or command) travels as "anchor"
_FIELDS = {"kind": "anchor"}


def _field(column: str) -> str:
    return _FIELDS.get(column, column)


@dataclass
class _Tally:
    added: int = 0
    present: int = 0
    duplicates: int = 0
    skipped_ids: set[str] = field(default_factory=set)  # duplicates: their events stay out too


class SqliteArchive:
    def __init__(self, wisdom: DbSource, staging: DbSource, actor: str = "cli") -> None:
        self._stores = {"wisdom": wisdom, "staging": staging}
        self._actor = actor

    def projects(self) -> dict[str, str | None]:
        with transaction(self._stores["wisdom"], read_only=True) as conn:
            rows = conn.fetch("SELECT name, remote FROM projects")
        return {str(r["name"]): r["remote"] for r in rows}

    def records(self) -> Iterator[Record]:
        """In export order, row by row: a store of a million beads is never held in memory
        (it took 2.7 GB when each table was read whole and sorted). SQLite's BINARY collation
        compares UTF-8 bytes, which orders text as Python's `sort_key` does."""
        wisdom = self._stores["wisdom"]
        if (spool := spool_of(wisdom)) is not None:
            settle(wisdom, spool)  # the export carries the deferred recall stamps too
        for kind, table in TABLES.items():
            order = ", ".join(f"{column} COLLATE BINARY" for column in table.key)
            with transaction(self._stores[_store_of(kind)], read_only=True) as conn:
                for row in conn.stream(f"{c.select_sql(table.name, table.columns)} ORDER BY {order}"):
                    yield Record(kind, {_field(column): value for column, value in row.items()})
        for store in sorted(self._stores):  # event ids are `<store>:<seq>`
            yield from event_records(store, self._stores[store])

    def add(self, records: Callable[[], Iterable[Record]], *, history: bool) -> ImportCounts:
        tally = _Tally()
        for store, source in self._stores.items():
            mine = (r for r in records() if _record_store(r) == store)
            with transaction(source, read_only=False, actor=self._actor) as conn:
                _add_to(conn, mine, tally, history)
        return ImportCounts(tally.added, tally.present, tally.duplicates)


def _add_to(db: Db, records: Iterable[Record], tally: _Tally, history: bool) -> None:
    """One pass: the rows, then (events come last) the file's history in place of the events
    the rows' inserts recorded."""
    # beads may name a later bead as superseded_by: check references at commit
    db.execute("PRAGMA defer_foreign_keys = ON")
    before, dropped = last_seq(db), False
    for record in records:
        if record.kind != "event":
            _add_one(db, record, tally)
        elif history and str(record.fields.get("item_id")) not in tally.skipped_ids:
            if not dropped:
                drop_events_after(db, before)
                dropped = True
            if add_event(db, record):
                tally.added += 1
            else:
                tally.present += 1
    if history and not dropped:
        drop_events_after(db, before)


def _store_of(kind: str) -> str:
    return "wisdom" if kind in WISDOM_KINDS else "staging"


def _record_store(record: Record) -> str:
    return event_place(record)[0] if record.kind == "event" else _store_of(record.kind)


def _add_one(db: Db, record: Record, tally: _Tally) -> None:
    table = TABLES[record.kind]
    if record.kind in BELONGING and record.key in tally.skipped_ids:
        return  # the memory was a duplicate of one stored under another id: not its sources either
    key = {k: record.fields.get(_field(k)) for k in table.key}
    where = " AND ".join(f"{k} IS :{k}" for k in table.key)
    if db.fetch(f"SELECT 1 FROM {table.name} WHERE {where}", key):
        tally.present += 1
    elif "content_hash" in table.columns and _same_content(db, table.name, record):
        tally.duplicates += 1
        tally.skipped_ids.add(record.key)
    else:
        known = {col: record.fields[_field(col)] for col in table.columns if _field(col) in record.fields}
        row = _placed(db, known) if table.name == "projects" else known
        db.execute(c.insert_sql(table.name, tuple(row)), row)
        tally.added += 1


def _placed(db: Db, row: dict[str, object]) -> dict[str, object]:
    """A new project row without a root that is no folder on this machine (the file came from
    another: the first checkout here named alike adopts the project, application/projects.py),
    nor a root or remote another project here holds (one name per root, one per remote)."""
    for column in ("path", "remote"):
        value = row.get(column)
        if value is None:
            continue
        elsewhere = column == "path" and not os.path.isdir(str(value))
        if elsewhere or db.fetch(f"SELECT 1 FROM projects WHERE {column} = :v", {"v": value}):
            row = {**row, column: None}
    return row


def _same_content(db: Db, table: str, record: Record) -> bool:
    found = f"SELECT 1 FROM {table} WHERE content_hash IS :hash AND project IS :project LIMIT 1"
    params = {"hash": record.fields.get("content_hash"), "project": record.fields.get("project")}
    return bool(db.fetch(found, params))
