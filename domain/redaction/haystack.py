"""One text prepared for every rule: where words occur, and where its long runs are.

Scanning a whole text with a regex costs Python's `re` tens of nanoseconds per character unless
the pattern starts with a literal, while a substring search runs at about a nanosecond. So the
rules look up where their words occur (all words at once with an accelerated `Finder`, else one
`find` loop per word as rules ask; shared between rules) and match their regexes only there.
Searches run on a one-byte-per-character ASCII copy of the text, where each non-ASCII character
is a "?": offsets stay those of the text, and searching bytes is faster than a wide string.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from abzu.domain.redaction.finder import Finder, find_all

# Non-ASCII letters that `re.IGNORECASE` matches to an ASCII letter (found by trying every
# code point): spelling them in ASCII keeps every case-insensitive match on an ASCII word.
_ASCII_TWINS = {"\u0130": "I", "\u0131": "i", "\u017f": "s", "\u212a": "K"}

# Token bodies are long runs of `[A-Za-z0-9_-]`; ordinary text rarely has one. A non-ASCII
# character ("?") counts as a run character: `\d` also matches other scripts' digits.
_RUN_TABLE = bytes(
    ord("a") if chr(i).isascii() and (chr(i).isalnum() or chr(i) in "_-?") else 32 for i in range(256)
)
_UPPER_TABLE = bytes(ord("A") if chr(i) in "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789" else 32 for i in range(256))
_ASCII_WORD = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_")
LONG_RUN = 24  # rules whose matches hold a run this long look for their needles only near one
_LONG_RUN_NEEDLE = b"a" * LONG_RUN
LONG_RUN_LEAD = 5  # how far before its run a needle can start: "ya29." before its body


def ascii_copy(text: str) -> bytes:
    if text.isascii():
        return text.encode("ascii")
    for twin, plain in _ASCII_TWINS.items():
        if twin in text:
            text = text.replace(twin, plain)
    return text.encode("ascii", "replace")


class Haystack:
    __slots__ = ("_found", "_index", "_known", "_long_runs", "_upper", "ascii", "folded", "text")

    def __init__(self, text: str, finder: Finder | None = None) -> None:
        self.text = text
        self.ascii = ascii_copy(text)
        self.folded = self.ascii.lower()  # case-insensitive matches of ASCII words are found here
        # With an accelerated finder every word of its vocabulary is located in one pass now;
        # otherwise words are searched one by one, when a rule first asks.
        indexed = finder is not None and finder.accelerated
        self._index = finder.find(self.folded) if finder is not None and indexed else None
        self._known = finder.vocabulary if finder is not None and indexed else frozenset()
        self._found: dict[str, list[int]] = {}
        self._long_runs: bytes | None = None
        self._upper: bytes | None = None

    @property
    def indexed(self) -> bool:
        return self._index is not None

    def has(self, word: str) -> bool:
        """Whether the lower-case ASCII `word` occurs in the text, ignoring case."""
        return bool(self.positions(word))

    def found_words(self) -> dict[str, list[int]]:
        """On an indexed haystack: every vocabulary word that occurs, with its starts."""
        return self._index or {}

    def positions(self, word: str) -> list[int]:
        """Every start of the lower-case ASCII `word` in the text, ignoring case."""
        if self._index is not None and word in self._known:
            return self._index.get(word, [])
        found = self._found.get(word)
        if found is None:
            found = self._found[word] = find_all(self.folded, word.encode())
        return found

    def word_starts(self, word: str) -> list[int]:
        """`positions(word)` less those right after an ASCII word character, where `\\b` fails."""
        positions = self.positions(word)
        if not positions:
            return positions
        text = self.text
        return [p for p in positions if p == 0 or text[p - 1] not in _ASCII_WORD]

    def long_runs(self) -> bytes:
        """The runs at least `LONG_RUN` long, each with `LONG_RUN_LEAD` characters before it."""
        if self._long_runs is None:
            runs = self.ascii.translate(_RUN_TABLE)
            pieces: list[bytes] = []
            start = runs.find(_LONG_RUN_NEEDLE)
            while start != -1:
                end = runs.find(b" ", start)
                end = len(runs) if end == -1 else end
                pieces.append(self.ascii[max(0, start - LONG_RUN_LEAD) : end])
                start = runs.find(_LONG_RUN_NEEDLE, end)
            self._long_runs = b"\n".join(pieces)
        return self._long_runs

    def has_upper_run(self, length: int) -> bool:
        """Whether some run of `[A-Z0-9]` characters is `length` long."""
        if self._upper is None:
            self._upper = self.ascii.translate(_UPPER_TABLE)
        return b"A" * length in self._upper


def run_before(text: str, position: int, characters: re.Pattern[str], limit: int) -> int:
    """How many of the (at most `limit`) characters right before `position` are `characters`.

    `characters` is a possessive class repetition like `[\\w.-]*+`, matched on the reversed window.
    """
    window = text[max(0, position - limit) : position][::-1]
    walked = characters.match(window)
    return walked.end() if walked else 0


def matches_from(regex: re.Pattern[str], text: str, starts: Iterable[int]) -> Iterator[re.Match[str]]:
    """What `regex.finditer(text)` finds, when every match starts at one of `starts`.

    Matching at each start in order and skipping those inside the previous match is exactly
    `finditer`'s leftmost, non-overlapping search, without trying the positions in between.
    """
    end = -1
    for start in sorted(set(starts)):
        match = regex.match(text, start) if start >= end else None
        if match is not None:
            end = match.end() if match.end() > match.start() else match.end() + 1
            yield match
