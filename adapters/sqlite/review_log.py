import dataclasses
import json
from datetime import datetime
from typing import Any

from returns.maybe import Maybe, Nothing, Some
from sqlalchemy import Connection, select, update
from sqlalchemy.dialects.sqlite import insert

from abzu.adapters.sqlite.schema import review_log
from abzu.adapters.sqlite.timestamps import from_db, from_db_required, to_db
from abzu.application.review.ports import ReviewLog, ReviewRecord
from abzu.application.review.report import ReviewReport


def _report_json(report: ReviewReport) -> str:
    return json.dumps(dataclasses.asdict(report), default=str, ensure_ascii=False)


def _row(report: ReviewReport) -> dict[str, Any]:
    return {
        "id": report.review_id, "kind": report.kind, "project": report.project,
        "reviewer": report.reviewer, "model": report.model,
        "started_at": to_db(report.started_at), "finished_at": to_db(report.finished_at),
        "duration_ms": report.duration_ms, "tokens_in": report.tokens_in,
        "tokens_out": report.tokens_out, "cost_estimate": report.cost_estimate,
        "promoted": report.count("promote"), "consolidated": report.count("consolidate"),
        "discarded": report.count("discard"), "flagged": report.count("flag"),
        "kept": report.count("keep"), "rejected": report.rejected, "held_back": report.held_back,
        "failed_batches": report.failed, "snapshot": report.snapshot,
        "report": _report_json(report),
    }


class SqliteReviewLog(ReviewLog):
    def __init__(self, conn: Connection) -> None:
        self._conn = conn

    def save(self, report: ReviewReport) -> None:
        row = _row(report)
        changes = {k: v for k, v in row.items() if k != "id"}
        statement = insert(review_log).values(row)
        self._conn.execute(statement.on_conflict_do_update(index_elements=["id"], set_=changes))

    def last_undoable(self) -> Maybe[ReviewRecord]:
        query = (
            select(review_log.c.id, review_log.c.started_at, review_log.c.snapshot,
                   review_log.c.finished_at)
            .where(review_log.c.snapshot.is_not(None), review_log.c.undone_at.is_(None))
            .order_by(review_log.c.started_at.desc(), review_log.c.id.desc())
            .limit(1)
        )
        row = self._conn.execute(query).first()
        if row is None:
            return Nothing
        return Some(ReviewRecord(row.id, from_db_required(row.started_at), row.snapshot,
                                 from_db(row.finished_at)))

    def mark_undone(self, review_id: str, at: datetime) -> None:
        self._conn.execute(
            update(review_log).where(review_log.c.id == review_id).values(undone_at=to_db(at))
        )
