"""What past reviews spent and when they ran, read from `review_log` (abzu.db)."""

from datetime import datetime
from typing import TYPE_CHECKING

from abzu.adapters.sqlite.columns import REVIEW_LOG, select_sql
from abzu.adapters.sqlite.db import DbSource
from abzu.adapters.sqlite.timestamps import from_db, from_db_required, to_db
from abzu.application.review.past_reviews import PastReview, ReviewHistory
from abzu.domain.review.spend import Spend

if TYPE_CHECKING:
    from abzu.adapters.sqlite.db import Params, Row

_SPENT = ("SELECT coalesce(sum(tokens_in + tokens_out), 0) AS tokens, coalesce(sum(cost_estimate), 0.0) "
          "AS cost FROM review_log WHERE started_at >= :since")
_LAST = "SELECT max(started_at) FROM review_log WHERE finished_at IS NOT NULL"
_LATEST = select_sql("review_log", REVIEW_LOG) + " ORDER BY started_at DESC, id LIMIT :limit"


def _read(source: DbSource, sql: str, params: "Params") -> "list[Row]":
    from abzu.adapters.sqlite.unit_of_work import transaction

    with transaction(source, read_only=True) as conn:  # never queued behind a writer
        return list(conn.fetch(sql, params))


class SqliteSpendLedger:
    def __init__(self, staging: DbSource) -> None:
        self._source = staging

    def spent_since(self, moment: datetime) -> Spend:
        row = _read(self._source, _SPENT, {"since": to_db(moment)})[0]
        return Spend(int(row["tokens"]), float(row["cost"]))

    def last_review(self, *, full_only: bool) -> datetime | None:
        """Reviews that were undone still count: they were done, and they cost."""
        rows = _read(self._source, _LAST + (" AND kind = 'full'" if full_only else ""), {})
        return from_db(next(iter(rows[0].values())))


class SqliteReviewHistory(ReviewHistory):
    """The web page's past reviews."""

    def __init__(self, staging: DbSource) -> None:
        self._source = staging

    def latest(self, limit: int) -> list[PastReview]:
        return [_past(r) for r in _read(self._source, _LATEST, {"limit": limit})]


def _past(row: "Row") -> PastReview:
    return PastReview(
        review_id=row["id"], kind=row["kind"], project=row["project"], reviewer=row["reviewer"],
        started_at=from_db_required(row["started_at"]), promoted=row["promoted"] or 0,
        discarded=row["discarded"] or 0, flagged=row["flagged"] or 0, rejected=row["rejected"] or 0,
        tokens=(row["tokens_in"] or 0) + (row["tokens_out"] or 0), cost=row["cost_estimate"] or 0.0,
        undone=row["undone_at"] is not None,
    )
