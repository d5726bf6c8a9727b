"""What the PreToolUse hook says (issue 16): the session-start header and items, ≤ 1,500 chars.

The memories are rendered by the same functions as session start (`sections.header`,
`sections.memory_item`, hence `domain/quoting.py`): stored text stays quoted data.
"""

from collections.abc import Sequence

from abzu.domain.anchors import MAX_AT_ACTION_ITEMS
from abzu.domain.quoting import new_fence, one_line
from abzu.domain.ranking import SearchHit
from abzu.domain.sessions.sections import header, memory_item

MAX_AT_ACTION_CHARS = 1500


def at_action(hits: Sequence[SearchHit], project: str | None, target: str,
              fence: str | None = None) -> tuple[str, tuple[str, ...]]:
    """The block and the ids it shows; items that would pass the budget are left for later."""
    fence = fence or new_fence()
    text = header(project, f"about {one_line(target)[:120]}, before this tool call", fence)
    shown: list[str] = []
    for hit in hits[:MAX_AT_ACTION_ITEMS]:
        item = memory_item(hit, fence)
        if len(text) + 1 + len(item) > MAX_AT_ACTION_CHARS:
            break
        text, shown = f"{text}\n{item}", [*shown, hit.item_id]
    return (text, tuple(shown)) if shown else ("", ())
