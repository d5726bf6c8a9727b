"""The simplest retrieval there is, as a yardstick: grep-style term overlap."""

from collections.abc import Sequence
from dataclasses import dataclass

from abzu.domain.text import keywords, words


@dataclass(frozen=True, slots=True)
class TermOverlapIndex:
    """- A text scores the number of distinct query keywords it contains, case-insensitively,
      as whole words (no stemming, no weighting, no length normalisation).
    - Texts containing none of them are not retrieved; ties keep document order.
    """

    ids: tuple[str, ...]
    vocabularies: tuple[frozenset[str], ...]

    @classmethod
    def of(cls, documents: Sequence[tuple[str, str]]) -> "TermOverlapIndex":
        return cls(
            tuple(doc_id for doc_id, _ in documents),
            tuple(frozenset(words(text)) for _, text in documents),
        )

    def rank(self, query: str, *, limit: int) -> list[str]:
        terms = keywords(query)
        scored = [
            (overlap, position)
            for position, vocabulary in enumerate(self.vocabularies)
            if (overlap := sum(term in vocabulary for term in terms))
        ]
        scored.sort(key=lambda pair: (-pair[0], pair[1]))
        return [self.ids[position] for _, position in scored[:limit]]
