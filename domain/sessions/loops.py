"""Open loops (issue 29; seed 003's open commitments): a task left pending, a change not done or
an error left unresolved by a session, kept in the project's briefing until a later session
resolves it or a person dismisses it (`abzu loops done ID`).

This module is what session start needs (how loops are shown), standard library only; the
values are open_loop.py's (built only when a loop is open: a start with none never generates the
classes); how loops are found in summaries and matched is in loop_tracking.py (finalisation only).
"""

from typing import TYPE_CHECKING

from abzu.domain.quoting import label, quote_inline, short_line
from abzu.domain.sessions.render import short_id

if TYPE_CHECKING:
    from abzu.domain.sessions.open_loop import OpenLoop, ShownLoops

TASK, NOT_DONE, ERROR = "task", "not-done", "error"
KIND_LABELS = {TASK: "open task", NOT_DONE: "not done (a change was denied or failed)",
               ERROR: "unresolved error"}
SHOWN = 5  # loops in a briefing, newest first; the rest are counted
LOOPS_CHARS = 1_800  # their share of the briefing's budget (domain/injection.py)
LOOP_PREVIEW_CHARS = 220
TITLE = "Open loops (left open by earlier sessions of this project, newest first; stored text):"


def loop_item(loop: "OpenLoop", fence: str) -> str:
    """A label line (id, kind, the session that left it, the day) and the stored text, fenced
    by the one renderer like every other stored text."""
    kind = KIND_LABELS.get(loop.kind, "open item")
    quoted = quote_inline(short_line(loop.text, LOOP_PREVIEW_CHARS), fence=fence, labels=label(id=loop.id))
    session = short_line(short_id(loop.session_id))
    labels = f"{short_line(loop.id)} · {kind} · session {session} · {loop.seen_at:%Y-%m-%d}"
    return f"- {labels}:\n  > {quoted}"


def loops_text(shown: "ShownLoops", fence: str, room: int) -> str:
    """Whole items, newest first, as many as fit in `room` characters, then a line counting the
    ones left out ("N more: `abzu loops`"); "" when not even that fits."""
    items = [loop_item(loop, fence) for loop in shown.loops]
    for count in range(len(items), -1, -1):
        text = "\n".join([*items[:count], _footer(shown.total - count)])
        if len(text) <= room:
            return text
    return ""


def _footer(hidden: int) -> str:
    dismiss = "`abzu loops done ID` dismisses one."
    return f"{hidden} more: `abzu loops`. {dismiss}" if hidden > 0 else dismiss
