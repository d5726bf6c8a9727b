"""Row <-> entity mapping for beads and candidates."""

from collections.abc import Mapping
from typing import Any

from abzu.adapters.sqlite.timestamps import from_db, from_db_required, to_db
from abzu.domain.bead import Bead, Candidate, CandidateSource, VouchedBy
from abzu.domain.category import Category


def _tags_out(tags: tuple[str, ...]) -> str | None:
    if not tags:
        return None
    import json  # here: a memory without tags (most) needs no JSON; remember's start-up skips it

    return json.dumps(list(tags))


def _tags_in(raw: str | None) -> tuple[str, ...]:
    if not raw:
        return ()
    import json

    try:
        loaded = json.loads(raw)
    except json.JSONDecodeError:
        return (raw,)
    return tuple(str(t) for t in loaded) if isinstance(loaded, list) else (str(loaded),)


def bead_to_row(bead: Bead) -> dict[str, Any]:
    return {
        "id": bead.id, "content": bead.content, "summary": bead.summary,
        "category": bead.category.value, "project": bead.project, "weight": bead.weight,
        "starred": int(bead.starred), "content_hash": bead.content_hash,
        "tags": _tags_out(bead.tags), "context": bead.context,
        "superseded_by": bead.superseded_by, "gemini_flagged": int(bead.gemini_flagged),
        "flag_reason": bead.flag_reason, "created_at": to_db(bead.created_at),
        "last_accessed": to_db(bead.last_accessed), "promoted_at": to_db(bead.promoted_at),
        "vouched_by": bead.vouched_by.value,
    }


def row_to_bead(row: Mapping[str, Any]) -> Bead:
    return Bead(
        id=row["id"], content=row["content"], category=Category(row["category"]),
        project=row["project"], content_hash=row["content_hash"],
        created_at=from_db_required(row["created_at"]), summary=row["summary"],
        weight=float(row["weight"] if row["weight"] is not None else 1.0),
        starred=bool(row["starred"]), tags=_tags_in(row["tags"]), context=row["context"],
        superseded_by=row["superseded_by"], gemini_flagged=bool(row["gemini_flagged"]),
        flag_reason=row["flag_reason"], last_accessed=from_db(row["last_accessed"]),
        promoted_at=from_db(row["promoted_at"]), vouched_by=VouchedBy(row["vouched_by"]),
    )


def candidate_to_row(candidate: Candidate) -> dict[str, Any]:
    return {
        "id": candidate.id, "content": candidate.content, "summary": candidate.summary,
        "category": candidate.category.value, "project": candidate.project,
        "content_hash": candidate.content_hash, "source": candidate.source.value,
        "session_id": candidate.session_id, "created_at": to_db(candidate.created_at),
        "tags": _tags_out(candidate.tags), "context": candidate.context,
        "superseded_by": candidate.superseded_by,
    }


def row_to_candidate(row: Mapping[str, Any]) -> Candidate:
    return Candidate(
        id=row["id"], content=row["content"], category=Category(row["category"]),
        project=row["project"], content_hash=row["content_hash"],
        source=CandidateSource(row["source"]), created_at=from_db_required(row["created_at"]),
        summary=row["summary"], session_id=row["session_id"], tags=_tags_in(row["tags"]),
        context=row["context"], superseded_by=row["superseded_by"],
    )
