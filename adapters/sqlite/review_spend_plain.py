"""`SpendLedger` on the standard library's sqlite3 (the light `abzu status`): the same two
questions as review_spend.py's SqliteSpendLedger, in plain SQL, without SQLAlchemy's import."""

from collections.abc import Callable
from datetime import datetime
from typing import Any

from abzu.adapters.sqlite.db import DbSource, StoreConnection
from abzu.adapters.sqlite.timestamps import from_db, to_db
from abzu.application.review.spend import SpendLedger
from abzu.domain.review.spend import Spend

_SPENT = """SELECT coalesce(sum(tokens_in + tokens_out), 0) AS tokens,
                   coalesce(sum(cost_estimate), 0.0) AS cost
            FROM review_log WHERE started_at >= :since"""
_LAST = "SELECT max(started_at) FROM review_log WHERE finished_at IS NOT NULL"


class Sqlite3SpendLedger(SpendLedger):
    def __init__(self, staging: DbSource) -> None:
        self._staging = staging

    def spent_since(self, moment: datetime) -> Spend:
        row = self._read(lambda db: db.fetch(_SPENT, {"since": to_db(moment)})[0])
        return Spend(int(row["tokens"]), float(row["cost"]))

    def last_review(self, *, full_only: bool) -> datetime | None:
        """Reviews that were undone still count: they were done, and they cost."""
        sql = _LAST + (" AND kind = 'full'" if full_only else "")
        return from_db(self._read(lambda db: db.scalar(sql)))

    def _read(self, query: Callable[[StoreConnection], Any]) -> Any:
        db = self._staging.open_connection()
        try:
            db.begin(read_only=True)  # a plain BEGIN: never queued behind a writer
            found = query(db)
            db.commit()
            return found
        finally:
            db.close()
