"""Every place where any of many words occurs in a text, found in one pass.

`ahocorasick_rs` (an Aho-Corasick automaton compiled in Rust; Apache-2.0, wheels for every
platform CPython supports) reads the text once for all words, at about 3 ns a character. Without
it, a `bytes.find` loop per word gives the same positions but pays a full pass for each absent
word; the haystack then searches lazily, word by word, as rules ask.
"""

from __future__ import annotations

from collections.abc import Iterable

try:
    from ahocorasick_rs import BytesAhoCorasick, Implementation

    AVAILABLE = True
except ImportError:  # pragma: no cover - the pure path is tested by passing accelerated=False
    AVAILABLE = False


class Finder:
    """Finds the lower-case ASCII `words` in a folded (lower-case ASCII) text."""

    __slots__ = ("_automaton", "vocabulary", "words")

    def __init__(self, words: Iterable[str], *, accelerated: bool = True) -> None:
        self.words = tuple(sorted(set(words)))
        self.vocabulary = frozenset(self.words)
        use = accelerated and AVAILABLE and bool(self.words)
        # A DFA explicitly: past ~50 words the library's default picks an NFA, three times slower
        # on transcripts (measured with the ~160 trigger words of the provider rules).
        self._automaton = (
            BytesAhoCorasick([word.encode() for word in self.words], implementation=Implementation.DFA)
            if use else None
        )

    @property
    def accelerated(self) -> bool:
        return self._automaton is not None

    def find(self, folded: bytes) -> dict[str, list[int]]:
        """Every start of every word, overlapping ones included, by word (absent words left out)."""
        found: dict[str, list[int]] = {}
        if self._automaton is None:
            for word in self.words:
                positions = find_all(folded, word.encode())
                if positions:
                    found[word] = positions
            return found
        words = self.words
        for index, start, _end in self._automaton.find_matches_as_indexes(folded, overlapping=True):
            found.setdefault(words[index], []).append(start)
        return found


def find_all(haystack: bytes, word: bytes) -> list[int]:
    found: list[int] = []
    index = haystack.find(word)
    while index != -1:
        found.append(index)
        index = haystack.find(word, index + 1)
    return found
