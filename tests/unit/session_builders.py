"""Builders for session-lifecycle unit tests."""

import itertools
from datetime import datetime, timedelta

from abzu.domain.bead import VouchedBy
from abzu.domain.category import Category
from abzu.domain.ranking import SearchHit, Source
from abzu.domain.sessions.summary import SessionSummary
from tests.fakes import T0

_ids = itertools.count(1)


def snapshot(
    sequence: int, *, session: str = "sess-now", talk: str | None = None, notes: str | None = None,
    project: str | None = "api", final: bool = False, at: datetime | None = None,
) -> SessionSummary:
    return SessionSummary(
        id=f"snap-{next(_ids):04d}", session_id=session, project=project, sequence=sequence,
        created_at=at or T0 + timedelta(minutes=sequence), operational_state=notes,
        conversational_state=talk, is_final=final,
    )


def hit(item_id: str, text: str, *, source: Source = Source.BEAD, strength: float = 1.0,
        category: Category = Category.DECISION, project: str | None = "api") -> SearchHit:
    vouched = VouchedBy.REVIEW if source is Source.BEAD else None  # a reviewed bead, or a candidate
    return SearchHit(item_id, source, category, project, text, None, T0, strength, vouched_by=vouched)
