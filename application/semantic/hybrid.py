"""Hybrid ranking of one query: the lexical list fused with a dense search (issue 12.4)."""

from collections.abc import Sequence
from dataclasses import dataclass

from abzu.application.semantic.fusion import DEFAULT_DENSE_WEIGHT, FUSION_DEPTH, fuse
from abzu.application.semantic.ports import DenseIndex, DenseIndexes, Embedder


@dataclass(frozen=True, slots=True)
class Semantic:
    """What hybrid recall needs: an embedder, a way to index vectors, and the dense weight."""

    embedder: Embedder
    indexes: DenseIndexes
    dense_weight: float = DEFAULT_DENSE_WEIGHT

    def index(self, items: Sequence[tuple[str, str]]) -> DenseIndex:
        """(id, text) pairs embedded as passages and indexed."""
        vectors = self.embedder.embed_passages([text for _, text in items])
        return self.indexes.build([item for item, _ in items], vectors)

    def rank(
        self, index: DenseIndex, query: str, lexical: Sequence[tuple[str, float]], limit: int,
    ) -> list[str]:
        """Ids best first: the top lexical and dense lists fused by min-max weighted sum."""
        dense = index.search(self.embedder.embed_queries([query])[0], FUSION_DEPTH)
        return [item for item, _ in fuse(lexical, dense, self.dense_weight)][:limit]
