"""Builders for domain objects with sensible defaults, for tests."""

from datetime import UTC, datetime

from abzu.domain.bead import Bead, Candidate, CandidateSource, VouchedBy
from abzu.domain.category import Category
from abzu.domain.content import content_hash

T0 = datetime(2026, 1, 15, 12, 0, tzinfo=UTC)


def bead(bead_id: str = "b-1", content: str = "Use WAL mode for SQLite", **kw: object) -> Bead:
    """A bead as a review leaves it (`vouched_by` review) unless `vouched_by` says otherwise."""
    fields: dict[str, object] = {
        "id": bead_id, "content": content, "category": Category.LEARNING, "project": "api",
        "content_hash": content_hash(content), "created_at": T0, "vouched_by": VouchedBy.REVIEW,
    }
    fields.update(kw)
    return Bead(**fields)  # type: ignore[arg-type]



def candidate(
    candidate_id: str = "c-1", content: str = "Use WAL for SQLite", project: str | None = "api", **kw: object
) -> Candidate:
    fields: dict[str, object] = {
        "id": candidate_id, "content": content, "category": Category.LEARNING, "project": project,
        "content_hash": content_hash(content), "source": CandidateSource.MANUAL, "created_at": T0,
    }
    fields.update(kw)
    return Candidate(**fields)  # type: ignore[arg-type]
