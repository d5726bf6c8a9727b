"""Where the link after a prose keyword starts: ":" or " is ", " was ", " are " (blanks being
spaces or tabs), on the same line and at most `REACH` characters on.

Searched in the folded text, where case-sensitive matching acts as `re.IGNORECASE` would. Keywords
come in order and one text can hold hundreds ("token" in every line of a tool output), so the
first link at or after a position is kept for the next keyword, and the keywords before a far
link are skipped without looking at each.
"""

from __future__ import annotations

import re

REACH = 160
NEEDED = REACH + len("passphrase")  # from a keyword's start to the end of its link's reach
_AHEAD = 4096  # searched at once when no link is known
_LINK_WORDS = tuple(
    (word, re.compile(rb"%s[ \t](?<=[ \t]%s[ \t])" % (word, word))) for word in (b"is", b"was", b"are")
)


class Links:
    __slots__ = ("_clear_to", "_folded", "_link")

    def __init__(self, folded: bytes) -> None:
        self._folded = folded
        self._link: int | None = None  # the first link at or after the last position asked
        self._clear_to = -1  # when there is none: no link starts from that position to here

    @property
    def clear_to(self) -> int:
        return self._clear_to

    def first_from(self, position: int) -> int | None:
        """The first link start at or after `position`, or None when none starts from there
        to `clear_to` (at least `NEEDED` on). Positions asked must not decrease."""
        link = self._link
        if link is not None and link >= position:
            return link
        if link is None and position + NEEDED <= self._clear_to:
            return None
        self._link = _search(self._folded, position, position + _AHEAD)
        self._clear_to = position + _AHEAD if self._link is None else -1
        return self._link

    def follow(self, position: int) -> bool:
        """Whether a link starts at most `REACH` after `position` with no newline before it."""
        link = self.first_from(position)
        return (
            link is not None and link <= position + REACH and self._folded.find(b"\n", position, link) == -1
        )


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
