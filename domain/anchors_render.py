"""What the PreToolUse hook says (issue 16): the session-start header and items, ≤ 1,500 chars.

The memories are rendered by the same functions as session start (`sessions.item.header` and
`item`, hence `domain/quoting.py`): stored text stays quoted data. A plain item type, not
`SearchHit`: the hook must not load the ranking and category types (and `returns`) to speak.
"""

from collections.abc import Sequence

from abzu.domain.anchor_keys import MAX_AT_ACTION_ITEMS
from abzu.domain.quoting import new_fence, one_line
from abzu.domain.sessions.item import header, item

MAX_AT_ACTION_CHARS = 1500


class AnchoredMemory:
    """A live memory anchored where the tool call acts, as read from the store."""

    __slots__ = ("category", "content", "created_at", "item_id", "project", "stale", "summary", "vouched_by")

    def __init__(self, item_id: str, category: str, project: str | None, content: str, summary: str | None,
                 created_at: str, *, vouched_by: str | None, stale: str | None = None) -> None:
        """`vouched_by`: a bead's (domain/vouching.py); None: a staged candidate."""
        self.item_id, self.category, self.project = item_id, category, project
        self.content, self.summary, self.created_at = content, summary, created_at  # stored UTC text
        self.vouched_by, self.stale = vouched_by, stale

    def __repr__(self) -> str:
        return f"AnchoredMemory({self.item_id!r}, vouched_by={self.vouched_by!r}, stale={self.stale!r})"


def at_action(hits: Sequence[AnchoredMemory], project: str | None, target: str,
              fence: str | None = None) -> tuple[str, tuple[str, ...]]:
    """The block and the ids it shows; items that would pass the budget are left for later."""
    fence = fence or new_fence()
    text = header(project, f"about {one_line(target)[:120]}, before this tool call", fence)
    shown: list[str] = []
    for hit in hits[:MAX_AT_ACTION_ITEMS]:
        line = item(hit.item_id, hit.category, hit.summary or hit.content, fence, vouched_by=hit.vouched_by,
                    project=hit.project, stale=hit.stale, day=hit.created_at[:10])
        if len(text) + 1 + len(line) > MAX_AT_ACTION_CHARS:
            break
        text, shown = f"{text}\n{line}", [*shown, hit.item_id]
    return (text, tuple(shown)) if shown else ("", ())
