"""Brute-force cosine search with numpy: one matrix product, fine up to ~20k vectors
(a rebuildable usearch cache above that is issue 12.4's next step, not built yet)."""

from collections.abc import Sequence
from typing import Any

from abzu.adapters.semantic.errors import EXTRA_HINT, SemanticUnavailable
from abzu.application.semantic.ports import Vector


def numpy_module() -> Any:
    try:
        import numpy
    except ImportError as missing:
        raise SemanticUnavailable(EXTRA_HINT) from missing
    return numpy


class NumpyDenseIndex:
    def __init__(self, ids: Sequence[str], vectors: Sequence[Vector]) -> None:
        if len(ids) != len(vectors):
            raise ValueError(f"{len(ids)} ids for {len(vectors)} vectors")
        self._np = numpy_module()
        self._ids = list(ids)
        self._matrix = self._np.asarray(vectors, dtype=self._np.float32).reshape(len(ids), -1)

    def search(self, query: Vector, limit: int) -> list[tuple[str, float]]:
        if not self._ids or limit <= 0:
            return []
        scores = self._matrix @ self._np.asarray(query, dtype=self._np.float32)
        limit = min(limit, len(self._ids))
        top = self._np.argpartition(-scores, limit - 1)[:limit]
        best = top[self._np.argsort(-scores[top], kind="stable")]
        return [(self._ids[i], float(scores[i])) for i in best]


class NumpyDenseIndexes:
    def build(self, ids: Sequence[str], vectors: Sequence[Vector]) -> NumpyDenseIndex:
        return NumpyDenseIndex(ids, vectors)
