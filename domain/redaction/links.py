"""Where the link after a prose keyword starts: ":" or " is ", " was ", " are " (blanks being
spaces or tabs), on the same line and at most `REACH` characters on.

Searched in the folded text, where case-sensitive matching acts as `re.IGNORECASE` would. Keywords
come in order, and one text can hold hundreds ("token" in every line of a tool output), so the
first link found, or the stretch known to hold none, is kept for the next keyword.
"""

from __future__ import annotations

import re

REACH = 160
_AHEAD = 4096  # searched at once: the keywords that follow are answered from what was found
_LINK_WORDS = tuple(
    (word, re.compile(rb"%s[ \t](?<=[ \t]%s[ \t])" % (word, word))) for word in (b"is", b"was", b"are")
)


class Links:
    __slots__ = ("_clear_to", "_folded", "_link")

    def __init__(self, folded: bytes) -> None:
        self._folded = folded
        self._link: int | None = None  # the first link start at or after the last position asked
        self._clear_to = -1  # when there is none: no link starts between that position and here

    def follow(self, position: int) -> bool:
        """Whether a link starts at most `REACH` after `position` with no newline before it."""
        link = self._link
        if link is None or link < position:  # else it is still the first link from `position` on
            link = self._first(position, position + REACH)
        elif link > position + REACH:
            return False
        return link is not None and self._folded.find(b"\n", position, link) == -1

    def _first(self, position: int, reach: int) -> int | None:
        link = self._link
        if link is not None and link >= position:
            return link if link <= reach else None
        start = position if link is not None else max(position, self._clear_to + 1)
        if start > reach:
            return None
        end = max(reach, start + _AHEAD)
        self._link = _search(self._folded, start, end)
        if self._link is None:
            self._clear_to = end
        return self._link if self._link is not None and self._link <= reach else None


def _search(folded: bytes, start: int, end: int) -> int | None:
    """The first link start in [start, end]."""
    found = [colon] if (colon := folded.find(b":", start, end + 1)) != -1 else []
    for word, word_re in _LINK_WORDS:
        limit = end + len(word) + 2
        if folded.find(word, start + 1, limit) != -1:  # the regex only where the word occurs
            link = word_re.search(folded, start + 1, limit)
            if link is not None:
                found.append(link.start() - 1)
    return min(found) if found else None
