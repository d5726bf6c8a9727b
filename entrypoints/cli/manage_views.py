"""What `abzu show | edit | forget` print: one memory whole, with its provenance."""

from datetime import datetime

from pydantic import BaseModel
from rich.markup import escape

from abzu.application.manage.edit import Edited
from abzu.application.manage.forget import Forgotten
from abzu.domain.bead import Bead, Candidate
from abzu.domain.quoting import neutralise, one_line, one_line_or_none
from abzu.entrypoints.cli import render


class MemoryView(BaseModel):
    id: str
    store: str  # wisdom (permanent) or staging (awaits review)
    reviewed: bool
    category: str
    project: str | None
    content: str
    summary: str | None
    tags: list[str]
    created_at: datetime
    superseded_by: str | None
    # beads only
    starred: bool | None = None
    weight: float | None = None
    last_recalled_at: datetime | None = None
    flagged_for_deletion: bool | None = None
    flag_reason: str | None = None  # the reviewer's reason for flagging it
    vouched_by: str | None = None  # agent, person or review: only a person or a review is reviewed
    # candidates only
    source: str | None = None
    session_id: str | None = None
    context: str | None = None
    derived_from: list[str] = []  # beads: the candidates and beads it was made from

    @classmethod
    def of(cls, memory: Bead | Candidate, derived_from: tuple[str, ...] = ()) -> "MemoryView":
        # Stored text goes through the one renderer (domain/quoting.py), in text and --json
        # alike, as recall does: no terminal escapes, bidi overrides or tags reach the reader.
        common = dict(
            id=memory.id, category=memory.category.value, project=one_line_or_none(memory.project),
            content=neutralise(memory.content), summary=one_line_or_none(memory.summary),
            tags=[one_line(tag) for tag in memory.tags], created_at=memory.created_at,
            superseded_by=memory.superseded_by, context=_text(memory.context),
            derived_from=list(derived_from),
        )
        if isinstance(memory, Bead):
            return cls(**common, store="wisdom", reviewed=memory.reviewed, starred=memory.starred,
                       weight=memory.weight, last_recalled_at=memory.last_accessed,
                       flagged_for_deletion=memory.gemini_flagged,
                       flag_reason=one_line_or_none(memory.flag_reason),
                       vouched_by=memory.vouched_by.value)
        return cls(**common, store="staging", reviewed=False, source=memory.source.value,
                   session_id=one_line_or_none(memory.session_id))


def _text(text: str | None) -> str | None:
    return neutralise(text) if text is not None else None


class EditedView(MemoryView):
    # File anchors whose stale mark the edit lifted ("fresh again" in the history): the text was
    # rewritten in the memory's own repository, so it is taken as checked against today's code.
    stale_marks_lifted: int = 0

    @classmethod
    def of_edit(cls, done: Edited) -> "EditedView":
        return cls(**MemoryView.of(done.memory).model_dump(), stale_marks_lifted=done.marks_lifted)


def lifted_line(lifted: int) -> str | None:
    """The one plain line `abzu edit` adds when it lifted stale marks."""
    if not lifted:
        return None
    files = "1 anchored file" if lifted == 1 else f"{lifted} anchored files"
    return f"Fresh again: the stale mark on {files} is lifted (checked against HEAD from now on)."


class ForgottenView(BaseModel):
    id: str
    store: str
    category: str
    project: str | None
    older: list[str]  # the older versions it had superseded, forgotten with it

    @classmethod
    def of(cls, done: Forgotten) -> "ForgottenView":
        return cls(id=done.id, store=done.store, category=done.category, project=done.project,
                   older=list(done.older))


VOUCHED = {"agent": "the agent, not reviewed (confirm or remove it: abzu review --interactive)",
           "person": "a person", "review": "a review"}


def show(view: MemoryView) -> None:
    """Labels first, then the text as data (rich markup in stored text is escaped)."""
    where = "permanent memory (wisdom)" if view.store == "wisdom" else "staging (awaits review)"
    project = escape(view.project or "global")
    render.console.print(f"[bold]{view.id}[/] · {view.category} · {project} · {where}")
    for label, value in _provenance(view):
        render.console.print(f"{label}: {escape(value)}")
    render.console.print()
    render.console.print(escape(view.content), soft_wrap=True)
    if view.context:
        render.console.print()
        render.console.print(f"context: {escape(view.context)}", soft_wrap=True)


def _provenance(view: MemoryView) -> list[tuple[str, str]]:
    pairs = [("summary", view.summary), ("tags", ", ".join(view.tags) or None),
             ("created", view.created_at.isoformat()), ("source", view.source),
             ("session", view.session_id), ("superseded by", view.superseded_by),
             ("derived from", ", ".join(view.derived_from) or None),
             ("last recalled", view.last_recalled_at.isoformat() if view.last_recalled_at else None)]
    if view.store == "wisdom":
        pairs += [("vouched for by", VOUCHED.get(view.vouched_by or "agent"))]
        pairs += [("weight", f"{view.weight}{' (starred)' if view.starred else ''}")]
        flagged = f"yes ({view.flag_reason})" if view.flag_reason else "yes"
        pairs += [("flagged for deletion", flagged if view.flagged_for_deletion else None)]
    return [(label, value) for label, value in pairs if value]
