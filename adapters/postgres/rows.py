"""Row <-> entity mapping of the team store: the local columns (adapters/sqlite/columns.py, which
the team tables share), with PostgreSQL's own types (booleans, TEXT[] tags, timestamptz)."""

from collections.abc import Mapping
from typing import Any

from abzu.domain.bead import Bead, Candidate, CandidateSource, VouchedBy
from abzu.domain.category import Category


def bead_to_row(bead: Bead) -> dict[str, Any]:
    return {
        "id": bead.id, "content": bead.content, "summary": bead.summary,
        "category": bead.category.value, "project": bead.project, "weight": bead.weight,
        "starred": bead.starred, "content_hash": bead.content_hash, "tags": list(bead.tags),
        "context": bead.context, "superseded_by": bead.superseded_by,
        "gemini_flagged": bead.gemini_flagged, "flag_reason": bead.flag_reason,
        "created_at": bead.created_at, "last_accessed": bead.last_accessed,
        "promoted_at": bead.promoted_at, "vouched_by": bead.vouched_by.value,
    }


def row_to_bead(row: Mapping[str, Any]) -> Bead:
    return Bead(
        id=row["id"], content=row["content"], category=Category(row["category"]),
        project=row["project"], content_hash=row["content_hash"], created_at=row["created_at"],
        summary=row["summary"], weight=float(row["weight"]), starred=bool(row["starred"]),
        tags=tuple(row["tags"] or ()), context=row["context"], superseded_by=row["superseded_by"],
        gemini_flagged=bool(row["gemini_flagged"]), flag_reason=row["flag_reason"],
        last_accessed=row["last_accessed"], promoted_at=row["promoted_at"],
        vouched_by=VouchedBy(row["vouched_by"]),
    )


def candidate_to_row(candidate: Candidate) -> dict[str, Any]:
    return {
        "id": candidate.id, "content": candidate.content, "summary": candidate.summary,
        "category": candidate.category.value, "project": candidate.project,
        "content_hash": candidate.content_hash, "source": candidate.source.value,
        "session_id": candidate.session_id, "created_at": candidate.created_at,
        "tags": list(candidate.tags), "context": candidate.context,
        "superseded_by": candidate.superseded_by,
    }


def row_to_candidate(row: Mapping[str, Any]) -> Candidate:
    return Candidate(
        id=row["id"], content=row["content"], category=Category(row["category"]),
        project=row["project"], content_hash=row["content_hash"],
        source=CandidateSource(row["source"]), created_at=row["created_at"],
        summary=row["summary"], session_id=row["session_id"], tags=tuple(row["tags"] or ()),
        context=row["context"], superseded_by=row["superseded_by"],
    )
