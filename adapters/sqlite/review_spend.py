"""What past reviews spent and when they ran, read from `review_log` (abzu.db)."""

from datetime import datetime
from typing import TYPE_CHECKING

from abzu.adapters.sqlite.db import DbSource
from abzu.adapters.sqlite.timestamps import from_db, from_db_required, to_db
from abzu.application.review.past_reviews import PastReview, ReviewHistory
from abzu.domain.review.spend import Spend

if TYPE_CHECKING:
    from sqlalchemy import Engine, RowMapping

    from abzu.adapters.sqlite.db import Params, Row

_SPENT = ("SELECT coalesce(sum(tokens_in + tokens_out), 0) AS tokens, coalesce(sum(cost_estimate), 0.0) "
          "AS cost FROM review_log WHERE started_at >= :since")
_LAST = "SELECT max(started_at) FROM review_log WHERE finished_at IS NOT NULL"


class SqliteSpendLedger:
    """Plain SQL over either driver (db.py): `abzu status` reads it without SQLAlchemy."""

    def __init__(self, staging: "DbSource | Engine") -> None:
        from abzu.adapters.sqlite.unit_of_work import as_source

        self._source = as_source(staging)

    def spent_since(self, moment: datetime) -> Spend:
        row = self._read(_SPENT, {"since": to_db(moment)})[0]
        return Spend(int(row["tokens"]), float(row["cost"]))

    def last_review(self, *, full_only: bool) -> datetime | None:
        """Reviews that were undone still count: they were done, and they cost."""
        rows = self._read(_LAST + (" AND kind = 'full'" if full_only else ""), {})
        return from_db(next(iter(rows[0].values())))

    def _read(self, sql: str, params: "Params") -> "list[Row]":
        from abzu.adapters.sqlite.unit_of_work import start

        conn = start(self._source, read_only=True, actor=None)  # never queued behind a writer
        try:
            return list(conn.fetch(sql, params))
        finally:
            conn.close()


class SqliteReviewHistory(ReviewHistory):
    """The web page's past reviews (SQLAlchemy, imported here: status reads the ledger only)."""

    def __init__(self, staging: "Engine") -> None:
        from abzu.adapters.sqlite.engine import READ_ONLY

        self._engine = staging.execution_options(**{READ_ONLY: True})

    def latest(self, limit: int) -> list[PastReview]:
        from sqlalchemy import select

        from abzu.adapters.sqlite.schema import review_log

        t = review_log.c
        query = select(review_log).order_by(t.started_at.desc(), t.id).limit(limit)
        with self._engine.connect() as conn:
            return [_past(r) for r in conn.execute(query).mappings()]


def _past(row: "RowMapping") -> PastReview:
    return PastReview(
        review_id=row["id"], kind=row["kind"], project=row["project"], reviewer=row["reviewer"],
        started_at=from_db_required(row["started_at"]), promoted=row["promoted"] or 0,
        discarded=row["discarded"] or 0, flagged=row["flagged"] or 0, rejected=row["rejected"] or 0,
        tokens=(row["tokens_in"] or 0) + (row["tokens_out"] or 0), cost=row["cost_estimate"] or 0.0,
        undone=row["undone_at"] is not None,
    )
