"""The fast front's output without pydantic: the same JSON as the views' `model_dump_json`
(entrypoints/views.py; a test holds them equal) and plain text for scripts and pipes. Stored
text goes through the views' own neutralising and clipping (domain/quoting.py)."""

from datetime import datetime
from typing import Any

from abzu.domain.anchors import stale_label
from abzu.entrypoints.quoting import RESULT_CHARS, clip, neutralise, one_line


def remembered(r: Any) -> dict[str, Any]:
    return {"id": r.id, "destination": r.destination.value, "outcome": r.outcome.value,
            "project": r.project, "superseded_id": r.superseded_id, "redactions": r.redactions}


def recalled(r: Any) -> dict[str, Any]:
    return {"query": r.query, "scope": r.scope, "project": r.project,
            "results": [_item(h) for h in r.hits]}


def bead(b: Any) -> dict[str, Any]:
    return {"id": b.id, "category": b.category.value, "project": b.project, "starred": b.starred,
            "weight": b.weight, "content": b.content}


def _item(ranked: Any) -> dict[str, Any]:
    hit = ranked.hit
    return {
        "id": hit.item_id, "category": hit.category.value, "project": hit.project,
        "score": round(ranked.score, 4), "relevance": round(ranked.relevance, 4),
        "source": hit.source.value, "reviewed": hit.reviewed,
        "vouched_by": hit.vouched_by,
        "title": one_line(hit.summary) if hit.summary else None,
        "text": clip(neutralise(hit.content), RESULT_CHARS),
        "created_at": iso(hit.created_at), "last_recalled_at": iso(hit.last_accessed),
        "stale": stale_label((hit.stale,)),
        "author": one_line(hit.author) if hit.author else None,
    }


def unreviewed(item: dict[str, Any]) -> str:
    """Why a result is not reviewed: staged, or written by the agent (issue 29)."""
    return "written by the agent, not reviewed" if item.get("vouched_by") == "agent" else "staged"


def iso(at: datetime | None) -> str | None:
    """pydantic's form: UTC written as Z."""
    if at is None:
        return None
    text = at.isoformat()
    return text[:-6] + "Z" if text.endswith("+00:00") else text


def remembered_line(view: dict[str, Any]) -> str:
    where = "permanent memory (wisdom)" if view["destination"] == "wisdom" else "staging (awaits review)"
    scope = one_line(view["project"] or "global")
    if view["outcome"] == "skipped-duplicate":
        line = f"Already remembered as {view['id']} in {where}; nothing added."
    elif view["outcome"] == "superseded":
        line = f"Stored {view['id']} in {where} for {scope}; it supersedes {view['superseded_id']}."
    else:
        line = f"Stored {view['id']} in {where} for {scope}."
    return line + (f"\n{view['redactions']} secret(s) redacted before storing." if view["redactions"] else "")


def starred_line(view: dict[str, Any]) -> str:
    return f"Starred {view['id']} ({view['category']}): weight {view['weight']:.1f}, never decays."


def recalled_text(view: dict[str, Any]) -> str:
    """One block per result: a header line (id, score, kind, project), the title, the text."""
    if not view["results"]:
        return f"No memories match {one_line(view['query'])!r} (scope: {view['scope']})."
    blocks = []
    for item in view["results"]:
        kind = item["category"] if item["reviewed"] else f"{item['category']}, {unreviewed(item)}"
        head = f"{item['id']}  {item['score']:.3f}  {kind}  {item['project'] or '(global)'}"
        head += f"  [{item['stale']}]" if item.get("stale") else ""
        head += f"  team: {item['author']}" if item.get("author") else ""
        title = f"{item['title']}\n" if item["title"] else ""
        blocks.append(f"{head}\n{title}{item['text']}")
    return "\n\n".join(blocks)
