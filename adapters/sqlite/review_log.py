import dataclasses
import json
from datetime import datetime
from typing import Any

from returns.maybe import Maybe, Nothing, Some

from abzu.adapters.sqlite.columns import REVIEW_LOG, insert_sql
from abzu.adapters.sqlite.db import Db
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


_SAVED = tuple(c for c in REVIEW_LOG if c != "undone_at")
_SAVE = (insert_sql("review_log", _SAVED) + " ON CONFLICT (id) DO UPDATE SET "
         + ", ".join(f"{c} = excluded.{c}" for c in _SAVED if c != "id"))
_LAST_UNDOABLE = """
SELECT id, started_at, snapshot, finished_at, reviewer FROM review_log
WHERE snapshot IS NOT NULL AND undone_at IS NULL ORDER BY started_at DESC, id DESC LIMIT 1
"""


class SqliteReviewLog(ReviewLog):
    def __init__(self, db: Db) -> None:
        self._db = db

    def save(self, report: ReviewReport) -> None:
        self._db.execute(_SAVE, _row(report))

    def last_undoable(self) -> Maybe[ReviewRecord]:
        rows = self._db.fetch(_LAST_UNDOABLE)
        if not rows:
            return Nothing
        row = rows[0]
        return Some(ReviewRecord(row["id"], from_db_required(row["started_at"]), row["snapshot"],
                                 from_db(row["finished_at"]), row["reviewer"]))

    def mark_undone(self, review_id: str, at: datetime) -> None:
        self._db.execute("UPDATE review_log SET undone_at = :at WHERE id = :id",
                         {"id": review_id, "at": to_db(at)})
