"""Ports of the optional semantic search. Nothing here needs numpy or a model: the real
adapters live in `abzu.adapters.semantic` and are imported only when the extra is enabled."""

from collections.abc import Sequence
from typing import Protocol

Vector = Sequence[float]


class Embedder(Protocol):
    """Turns text into unit-length vectors of `dim` floats. `model_id` names the model and its
    version: vectors written under another id are stale and must be re-embedded.
    Queries and passages may be embedded differently (e5 prefixes them)."""

    @property
    def model_id(self) -> str: ...

    @property
    def dim(self) -> int: ...

    def embed_queries(self, texts: Sequence[str]) -> list[Vector]: ...

    def embed_passages(self, texts: Sequence[str]) -> list[Vector]: ...


class DenseIndex(Protocol):
    """Brute-force cosine search over the vectors it was built with (they are unit length)."""

    def search(self, query: Vector, limit: int) -> list[tuple[str, float]]: ...


class DenseIndexes(Protocol):
    """Builds a DenseIndex from ids and their vectors (same order, same length)."""

    def build(self, ids: Sequence[str], vectors: Sequence[Vector]) -> DenseIndex: ...
