"""What past reviews spent and when they ran, read from `review_log` (abzu.db)."""

from datetime import datetime

from sqlalchemy import Engine, RowMapping, func, select

from abzu.adapters.sqlite.engine import READ_ONLY
from abzu.adapters.sqlite.schema import review_log
from abzu.adapters.sqlite.timestamps import from_db, from_db_required, to_db
from abzu.application.review.past_reviews import PastReview, ReviewHistory
from abzu.domain.review.spend import Spend


class SqliteSpendLedger:
    def __init__(self, staging: Engine) -> None:
        # reads only: a plain BEGIN, never queued behind a writer for the write lock
        self._engine = staging.execution_options(**{READ_ONLY: True})

    def spent_since(self, moment: datetime) -> Spend:
        query = select(
            func.coalesce(func.sum(review_log.c.tokens_in + review_log.c.tokens_out), 0),
            func.coalesce(func.sum(review_log.c.cost_estimate), 0.0),
        ).where(review_log.c.started_at >= to_db(moment))
        with self._engine.connect() as conn:
            tokens, cost = conn.execute(query).one()
        return Spend(int(tokens), float(cost))

    def last_review(self, *, full_only: bool) -> datetime | None:
        """Reviews that were undone still count: they were done, and they cost."""
        query = select(func.max(review_log.c.started_at)).where(review_log.c.finished_at.is_not(None))
        if full_only:
            query = query.where(review_log.c.kind == "full")
        with self._engine.connect() as conn:
            return from_db(conn.execute(query).scalar())


class SqliteReviewHistory(ReviewHistory):
    def __init__(self, staging: Engine) -> None:
        self._engine = staging.execution_options(**{READ_ONLY: True})

    def latest(self, limit: int) -> list[PastReview]:
        t = review_log.c
        query = select(review_log).order_by(t.started_at.desc(), t.id).limit(limit)
        with self._engine.connect() as conn:
            return [_past(r) for r in conn.execute(query).mappings()]


def _past(row: RowMapping) -> PastReview:
    return PastReview(
        review_id=row["id"], kind=row["kind"], project=row["project"], reviewer=row["reviewer"],
        started_at=from_db_required(row["started_at"]), promoted=row["promoted"] or 0,
        discarded=row["discarded"] or 0, flagged=row["flagged"] or 0, rejected=row["rejected"] or 0,
        tokens=(row["tokens_in"] or 0) + (row["tokens_out"] or 0), cost=row["cost_estimate"] or 0.0,
        undone=row["undone_at"] is not None,
    )
