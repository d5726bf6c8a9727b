"""`<private>…</private>`: text the user marked as never to be remembered, dropped before anything else.

The tags nest (a depth count, not a lazy regex, so `<private>a<private>b</private>c</private>`
leaves nothing of a, b or c), match case-insensitively, and an unclosed `<private>` hides
everything after it: when in doubt, the user meant private. A stray closing tag is dropped too.
A tag touching a backtick is a mention in markdown code (`` `<private>…</private>` ``), not a tag:
text that explains the feature must not vanish.
"""

from __future__ import annotations

from abzu.domain.redaction.patterns import lazy

_TAG = lazy(r"<(/?)[Pp][Rr][Ii][Vv][Aa][Tt][Ee][ \t]{0,8}+>")


def drop_private(text: str) -> tuple[str, int]:
    """The text without its private spans, and how many spans (outermost) were dropped."""
    if "<" not in text:
        return text, 0
    tags = [tag for tag in _TAG().finditer(text) if not _in_code(text, tag.start(), tag.end())]
    if not tags:
        return text, 0
    kept: list[str] = []
    cursor, depth, spans = 0, 0, 0
    for tag in tags:
        closing = tag.group(1) == "/"
        if depth == 0:
            kept.append(text[cursor : tag.start()])
            spans += 1  # an opening tag, or a stray closing one
        depth = max(0, depth - 1) if closing else depth + 1
        cursor = tag.end()
    if depth == 0:
        kept.append(text[cursor:])
    return "".join(kept), spans


def _in_code(text: str, start: int, end: int) -> bool:
    return text.endswith("`", 0, start) or text.startswith("`", end)
