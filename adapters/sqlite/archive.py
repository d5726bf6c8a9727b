"""Export and import of both stores as records, through the SQLAlchemy Core tables of schema.py.

Every column of a table travels, so a round trip through an empty home is lossless. Import never
overwrites: a record whose key is stored already is left alone (idempotent), and a bead or
candidate whose content (hash, project) is stored under another id is a duplicate, skipped.
"""

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from sqlalchemy import Connection, Engine, Table, insert, select, text

from abzu.adapters.sqlite.schema import bead_candidates, beads, projects, session_summaries, user_profile
from abzu.application.archive import ImportCounts
from abzu.domain.archive import KEYS, Record

TABLES: dict[str, Table] = {
    "project": projects, "profile": user_profile, "bead": beads,
    "candidate": bead_candidates, "summary": session_summaries,
}
WISDOM_KINDS = ("project", "profile", "bead")


@dataclass
class _Tally:
    added: int = 0
    present: int = 0
    duplicates: int = 0


class SqliteArchive:
    def __init__(self, wisdom: Engine, staging: Engine) -> None:
        self._wisdom, self._staging = wisdom, staging

    def records(self) -> Iterator[Record]:
        for kind, table in TABLES.items():
            with self._engine(kind).connect() as conn:
                for row in conn.execute(select(table)).mappings():
                    yield Record(kind, dict(row))

    def add(self, records: Iterable[Record]) -> ImportCounts:
        tally = _Tally()
        chosen = list(records)
        for engine, kinds in ((self._wisdom, WISDOM_KINDS), (self._staging, None)):
            with engine.begin() as conn:
                # beads may name a later bead as superseded_by: check references at commit
                conn.execute(text("PRAGMA defer_foreign_keys = ON"))
                for record in chosen:
                    if (record.kind in WISDOM_KINDS) == (kinds is not None):
                        _add_one(conn, record, tally)
        return ImportCounts(tally.added, tally.present, tally.duplicates)

    def _engine(self, kind: str) -> Engine:
        return self._wisdom if kind in WISDOM_KINDS else self._staging


def _add_one(conn: Connection, record: Record, tally: _Tally) -> None:
    table = TABLES[record.kind]
    key = table.c[KEYS[record.kind]]
    if conn.execute(select(key).where(key == record.key)).first():
        tally.present += 1
    elif "content_hash" in table.c and _same_content(conn, table, record):
        tally.duplicates += 1
    else:
        known = {name: value for name, value in record.fields.items() if name in table.c}
        conn.execute(insert(table).values(known))
        tally.added += 1


def _same_content(conn: Connection, table: Table, record: Record) -> bool:
    found = select(table.c.id).where(
        table.c.content_hash == record.fields.get("content_hash"),
        table.c.project.is_not_distinct_from(record.fields.get("project")),
    )
    return conn.execute(found.limit(1)).first() is not None
