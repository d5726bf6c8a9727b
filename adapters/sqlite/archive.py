"""Export and import of both stores as records, through the SQLAlchemy Core tables of schema.py.

Every column of a table travels (anchors with their stale marks), so a round trip through an
empty home is lossless; vectors stay behind (domain/archive.py says why). Import never
overwrites: a record whose key is stored already is left alone (idempotent), and a bead or
candidate whose content (hash, project) is stored under another id is a duplicate, skipped. A
project keeps its root only where that folder exists (an export from another machine names that
machine's folders). The history travels too (archive_events.py). The import names its writer
for the history triggers.
"""

import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from sqlalchemy import Connection, Engine, Table, insert, select, text

from abzu.adapters.sqlite.actor import act_as, clear_actor
from abzu.adapters.sqlite.alchemy_db import AlchemyDb, EngineSource
from abzu.adapters.sqlite.archive_events import add_event, drop_events_after, event_records, last_seq
from abzu.adapters.sqlite.schema import (
    bead_anchors,
    bead_candidates,
    bead_sources,
    beads,
    candidate_anchors,
    projects,
    session_summaries,
    user_profile,
)
from abzu.adapters.sqlite.stamp_settling import settle, spool_of
from abzu.application.archive import ImportCounts
from abzu.domain.archive import BELONGING, Record, event_place

TABLES: dict[str, Table] = {
    "project": projects, "profile": user_profile, "bead": beads, "bead_anchor": bead_anchors,
    "source": bead_sources, "candidate": bead_candidates, "candidate_anchor": candidate_anchors,
    "summary": session_summaries,
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
    def __init__(self, wisdom: Engine, staging: Engine, actor: str = "cli") -> None:
        self._engines = {"wisdom": wisdom, "staging": staging}
        self._actor = actor

    def projects(self) -> dict[str, str | None]:
        with self._engines["wisdom"].connect() as conn:
            rows = conn.execute(select(projects.c.name, projects.c.remote)).all()
        return {str(name): remote for name, remote in rows}

    def records(self) -> Iterator[Record]:
        wisdom = EngineSource(self._engines["wisdom"])
        if (spool := spool_of(wisdom)) is not None:
            settle(wisdom, spool)  # the export carries the deferred recall stamps too
        for kind, table in TABLES.items():
            with self._engines[_store_of(kind)].connect() as conn:
                for row in conn.execute(select(table)).mappings():
                    yield Record(kind, {_field(column): value for column, value in row.items()})
        for store, engine in self._engines.items():
            yield from event_records(store, engine)

    def add(self, records: Iterable[Record], *, history: bool) -> ImportCounts:
        tally = _Tally()
        chosen = list(records)
        for store, engine in self._engines.items():
            mine = [r for r in chosen if _record_store(r) == store]
            with engine.begin() as conn:
                self._add_to(conn, mine, tally, history)
        return ImportCounts(tally.added, tally.present, tally.duplicates)

    def _add_to(self, conn: Connection, records: list[Record], tally: _Tally, history: bool) -> None:
        # beads may name a later bead as superseded_by: check references at commit
        conn.execute(text("PRAGMA defer_foreign_keys = ON"))
        act_as(AlchemyDb(conn), self._actor, lazy=False)  # its rows go in through `conn`
        before = last_seq(conn)
        for record in (r for r in records if r.kind != "event"):
            _add_one(conn, record, tally)
        if history:
            drop_events_after(conn, before)
            for event in (r for r in records if r.kind == "event"):
                if str(event.fields.get("item_id")) in tally.skipped_ids:
                    continue
                if add_event(conn, event):
                    tally.added += 1
                else:
                    tally.present += 1
        clear_actor(AlchemyDb(conn))


def _store_of(kind: str) -> str:
    return "wisdom" if kind in WISDOM_KINDS else "staging"


def _record_store(record: Record) -> str:
    return event_place(record)[0] if record.kind == "event" else _store_of(record.kind)


def _add_one(conn: Connection, record: Record, tally: _Tally) -> None:
    table = TABLES[record.kind]
    stored = [column == record.fields.get(_field(column.name)) for column in table.primary_key.columns]
    if record.kind in BELONGING and record.key in tally.skipped_ids:
        return  # the memory was a duplicate of one stored under another id: not its sources either
    if conn.execute(select(*table.primary_key.columns).where(*stored)).first():
        tally.present += 1
    elif "content_hash" in table.c and _same_content(conn, table, record):
        tally.duplicates += 1
        tally.skipped_ids.add(record.key)
    else:
        known = {c.name: record.fields[_field(c.name)] for c in table.c if _field(c.name) in record.fields}
        conn.execute(insert(table).values(_placed(conn, known) if table is projects else known))
        tally.added += 1


def _placed(conn: Connection, row: dict[str, object]) -> dict[str, object]:
    """A new project row without a root that is no folder on this machine (the file came from
    another: the first checkout here named alike adopts the project, application/projects.py),
    nor a root or remote another project here holds (one name per root, one per remote)."""
    for column in (projects.c.path, projects.c.remote):
        value = row.get(column.name)
        if value is None:
            continue
        elsewhere = column is projects.c.path and not os.path.isdir(str(value))
        if elsewhere or conn.execute(select(projects.c.name).where(column == value)).first():
            row = {**row, column.name: None}
    return row


def _same_content(conn: Connection, table: Table, record: Record) -> bool:
    found = select(table.c.id).where(
        table.c.content_hash == record.fields.get("content_hash"),
        table.c.project.is_not_distinct_from(record.fields.get("project")),
    )
    return conn.execute(found.limit(1)).first() is not None
