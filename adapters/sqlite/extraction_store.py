"""Extraction bookkeeping in abzu.db: cursors, extracted messages, the extraction log."""

import json
from collections.abc import Sequence
from datetime import datetime
from types import TracebackType
from typing import Self

from sqlalchemy import Connection, Engine, func, select
from sqlalchemy.dialects.sqlite import insert

from abzu.adapters.sqlite.extraction_schema import extracted_messages, extraction_log, transcript_cursors
from abzu.adapters.sqlite.timestamps import to_db
from abzu.application.extraction.ports import (
    Cursor,
    ExtractionLogEntry,
    ExtractionStore,
    ExtractionUnitOfWork,
)
from abzu.domain.extraction.model import FailureTally


class SqliteExtractionStore(ExtractionStore):
    def __init__(self, conn: Connection) -> None:
        self._conn = conn

    def cursor(self, session_id: str) -> Cursor | None:
        row = self._conn.execute(
            select(transcript_cursors).where(transcript_cursors.c.session_id == session_id)
        ).first()
        if row is None:
            return None
        read_to = int(row.read_to) if row.read_to is not None else None
        return Cursor(row.session_id, row.transcript_path, int(row.byte_offset), read_to,
                      _tally(row.failures))

    def save_cursor(self, cursor: Cursor, *, at: datetime) -> None:
        values = {"transcript_path": cursor.transcript_path, "byte_offset": cursor.byte_offset,
                  "updated_at": to_db(at), "read_to": cursor.read_to,
                  "failures": json.dumps(cursor.failures, ensure_ascii=False) if cursor.failures else None}
        statement = insert(transcript_cursors).values(session_id=cursor.session_id, **values)
        self._conn.execute(statement.on_conflict_do_update(index_elements=["session_id"], set_=values))

    def already_extracted(self, session_id: str, keys: Sequence[tuple[str, str]]) -> set[tuple[str, str]]:
        """One query per 500 message uuids (SQLite's bound-parameter limit is far above it)."""
        table, wanted, found = extracted_messages, set(keys), set[tuple[str, str]]()
        uuids = sorted({uuid for uuid, _ in wanted})
        for first in range(0, len(uuids), 500):
            rows = self._conn.execute(select(table.c.message_uuid, table.c.kind).where(
                table.c.session_id == session_id, table.c.message_uuid.in_(uuids[first:first + 500])))
            found |= {(r.message_uuid, r.kind) for r in rows} & wanted
        return found

    def mark_extracted(
        self, session_id: str, message_uuid: str, kind: str, *, candidate_id: str | None, at: datetime
    ) -> None:
        statement = insert(extracted_messages).values(
            session_id=session_id, message_uuid=message_uuid, kind=kind, candidate_id=candidate_id,
            created_at=to_db(at),
        )
        self._conn.execute(statement.on_conflict_do_nothing())

    def log(self, entry: ExtractionLogEntry, *, at: datetime) -> None:
        self._conn.execute(
            insert(extraction_log).values(
                id=entry.id, session_id=entry.session_id, jsonl_path=entry.jsonl_path,
                extracted_at=to_db(at), candidates_created=entry.candidates_created,
                method=entry.method, status=entry.status, detail=entry.detail,
                tokens=entry.tokens or None, child_session_id=entry.child_session_id,
            )
        )

    def method_runs_since(self, method: str, since: datetime) -> int:
        statement = select(func.count()).select_from(extraction_log).where(
            extraction_log.c.method == method, extraction_log.c.status.in_(("ok", "failed")),
            extraction_log.c.extracted_at >= to_db(since),
        )
        return int(self._conn.execute(statement).scalar_one())

    def method_tokens_since(self, method: str, since: datetime) -> int:
        statement = select(func.coalesce(func.sum(extraction_log.c.tokens), 0)).where(
            extraction_log.c.method == method, extraction_log.c.extracted_at >= to_db(since))
        return int(self._conn.execute(statement).scalar_one())

    def method_counts(self, method: str) -> dict[str, int]:
        statement = select(extraction_log.c.status, func.count()).where(
            extraction_log.c.method == method).group_by(extraction_log.c.status)
        return {str(status): int(n) for status, n in self._conn.execute(statement)}


def _tally(stored: str | None) -> FailureTally:
    """The failures column; anything unreadable counts as nothing counted yet."""
    try:
        rows = json.loads(stored) if stored else []
        return tuple((str(line), int(n), str(uuid)) for line, n, uuid in rows)
    except (ValueError, TypeError):
        return ()


class SqliteExtractionUnitOfWork(ExtractionUnitOfWork):
    """One BEGIN IMMEDIATE transaction on abzu.db per `with` block."""

    def __init__(self, staging: Engine) -> None:
        self._engine = staging
        self._conn: Connection | None = None

    @property
    def extraction(self) -> ExtractionStore:
        if self._conn is None:
            self._conn = self._engine.connect()
            self._conn.begin()
        return SqliteExtractionStore(self._conn)

    def __enter__(self) -> Self:
        self._conn = None
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        if self._conn is not None:
            if self._conn.in_transaction():
                self._conn.rollback()
            self._conn.close()
        self._conn = None

    def commit(self) -> None:
        if self._conn is not None:
            self._conn.commit()
