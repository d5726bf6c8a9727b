"""Extraction bookkeeping in abzu.db: cursors, extracted messages, the extraction log."""

import json
from collections.abc import Sequence
from datetime import datetime
from types import TracebackType
from typing import Self

from abzu.adapters.sqlite.db import Db, DbSource, StoreConnection
from abzu.adapters.sqlite.timestamps import to_db
from abzu.adapters.sqlite.unit_of_work import start
from abzu.application.extraction.ports import (
    Cursor,
    ExtractionLogEntry,
    ExtractionStore,
    ExtractionUnitOfWork,
)
from abzu.domain.extraction.model import FailureTally

_SAVE_CURSOR = """
INSERT INTO transcript_cursors (session_id, transcript_path, byte_offset, updated_at, read_to, failures)
VALUES (:session_id, :transcript_path, :byte_offset, :updated_at, :read_to, :failures)
ON CONFLICT (session_id) DO UPDATE SET transcript_path = excluded.transcript_path,
  byte_offset = excluded.byte_offset, updated_at = excluded.updated_at, read_to = excluded.read_to,
  failures = excluded.failures"""
_MARK = """
INSERT INTO extracted_messages (session_id, message_uuid, kind, candidate_id, created_at)
VALUES (:session_id, :message_uuid, :kind, :candidate_id, :created_at) ON CONFLICT DO NOTHING"""
_LOG = """
INSERT INTO extraction_log (id, session_id, jsonl_path, extracted_at, candidates_created, method,
  status, detail, tokens, child_session_id)
VALUES (:id, :session_id, :jsonl_path, :extracted_at, :candidates_created, :method, :status,
  :detail, :tokens, :child_session_id)"""


class SqliteExtractionStore(ExtractionStore):
    """Plain SQL over either driver (db.py): the background finalize needs no SQLAlchemy."""

    def __init__(self, db: Db) -> None:
        self._db = db

    def cursor(self, session_id: str) -> Cursor | None:
        rows = self._db.fetch("SELECT session_id, transcript_path, byte_offset, read_to, failures "
                              "FROM transcript_cursors WHERE session_id = :id", {"id": session_id})
        if not rows:
            return None
        row = rows[0]
        read_to = int(row["read_to"]) if row["read_to"] is not None else None
        return Cursor(row["session_id"], row["transcript_path"], int(row["byte_offset"]), read_to,
                      _tally(row["failures"]))

    def save_cursor(self, cursor: Cursor, *, at: datetime) -> None:
        failures = json.dumps(cursor.failures, ensure_ascii=False) if cursor.failures else None
        self._db.execute(_SAVE_CURSOR, {
            "session_id": cursor.session_id, "transcript_path": cursor.transcript_path,
            "byte_offset": cursor.byte_offset, "updated_at": to_db(at), "read_to": cursor.read_to,
            "failures": failures})

    def already_extracted(self, session_id: str, keys: Sequence[tuple[str, str]]) -> set[tuple[str, str]]:
        """One query per 500 message uuids (SQLite's bound-parameter limit is far above it)."""
        wanted, found = set(keys), set[tuple[str, str]]()
        uuids = sorted({uuid for uuid, _ in wanted})
        for first in range(0, len(uuids), 500):
            chunk = uuids[first:first + 500]
            names = ", ".join(f":u{i}" for i in range(len(chunk)))
            rows = self._db.fetch(
                f"SELECT message_uuid, kind FROM extracted_messages "
                f"WHERE session_id = :session_id AND message_uuid IN ({names})",
                {"session_id": session_id, **{f"u{i}": uuid for i, uuid in enumerate(chunk)}})
            found |= {(r["message_uuid"], r["kind"]) for r in rows} & wanted
        return found

    def mark_extracted(
        self, session_id: str, message_uuid: str, kind: str, *, candidate_id: str | None, at: datetime
    ) -> None:
        self._db.execute(_MARK, {"session_id": session_id, "message_uuid": message_uuid, "kind": kind,
                                 "candidate_id": candidate_id, "created_at": to_db(at)})

    def log(self, entry: ExtractionLogEntry, *, at: datetime) -> None:
        self._db.execute(_LOG, {
            "id": entry.id, "session_id": entry.session_id, "jsonl_path": entry.jsonl_path,
            "extracted_at": to_db(at), "candidates_created": entry.candidates_created,
            "method": entry.method, "status": entry.status, "detail": entry.detail,
            "tokens": entry.tokens or None, "child_session_id": entry.child_session_id})

    def method_runs_since(self, method: str, since: datetime) -> int:
        return int(self._db.scalar(
            "SELECT count(*) FROM extraction_log WHERE method = :method "
            "AND status IN ('ok', 'failed') AND extracted_at >= :since",
            {"method": method, "since": to_db(since)}))

    def method_tokens_since(self, method: str, since: datetime) -> int:
        return int(self._db.scalar(
            "SELECT coalesce(sum(tokens), 0) FROM extraction_log "
            "WHERE method = :method AND extracted_at >= :since", {"method": method, "since": to_db(since)}))


def _tally(stored: str | None) -> FailureTally:
    """The failures column; anything unreadable counts as nothing counted yet."""
    try:
        rows = json.loads(stored) if stored else []
        return tuple((str(line), int(n), str(uuid)) for line, n, uuid in rows)
    except (ValueError, TypeError):
        return ()


class SqliteExtractionUnitOfWork(ExtractionUnitOfWork):
    """One BEGIN IMMEDIATE transaction on abzu.db per `with` block."""

    def __init__(self, staging: DbSource) -> None:
        self._source = staging
        self._conn: StoreConnection | None = None

    @property
    def extraction(self) -> ExtractionStore:
        if self._conn is None:
            self._conn = start(self._source, read_only=False, actor=None)
        return SqliteExtractionStore(self._conn)

    def __enter__(self) -> Self:
        self._conn = None
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        if self._conn is not None:
            self._conn.rollback()
            self._conn.close()
        self._conn = None

    def commit(self) -> None:
        if self._conn is not None:
            self._conn.commit()
