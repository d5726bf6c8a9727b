"""`DenseRecall` for one process (the MCP server, one CLI recall): the model is loaded on the
first recall, never at start (a model load is ~0.3-1 s; `tools/list` must not wait for it), and
the stores' vectors are read into one matrix, re-read only when a vector table has changed."""

import threading
from collections.abc import Callable, Iterable, Sequence
from datetime import datetime

from abzu.adapters.semantic.vector_matrix import Neighbour, VectorMatrix
from abzu.adapters.sqlite.vector_reader import Sqlite3VectorReader
from abzu.application.semantic.ports import Embedder
from abzu.domain.ranking import SearchHit
from abzu.domain.scope import Scope


class VectorRecall:
    def __init__(self, embedder: Callable[[], Embedder], readers: Sequence[Sqlite3VectorReader]) -> None:
        self._load, self._readers = embedder, list(readers)
        self._lock = threading.Lock()  # one model, one matrix, shared by the server's threads
        self._embedder: Embedder | None = None
        self._matrix: VectorMatrix | None = None
        self._versions: list[int] = []

    def nearest(self, query: str, scope: Scope, limit: int, now: datetime) -> list[tuple[SearchHit, float]]:
        with self._lock:
            embedder = self._embedder = self._embedder or self._load()
            matrix = self._fresh(embedder.model_id)
            found = matrix.nearest(embedder.embed_queries([query])[0], scope, limit)
        return self._hits(found, scope, now)

    def embedded(self, ids: Iterable[str]) -> set[str]:
        matrix = self._matrix
        return set() if matrix is None else {i for i in ids if i in matrix}

    def _fresh(self, model: str) -> VectorMatrix:
        versions = [reader.version() for reader in self._readers]
        if self._matrix is None or versions != self._versions:
            rows = [(s, *row) for s, r in enumerate(self._readers) for row in r.current(model)]
            self._matrix, self._versions = VectorMatrix(rows), versions
        return self._matrix

    def _hits(self, found: list[Neighbour], scope: Scope, now: datetime) -> list[tuple[SearchHit, float]]:
        """The neighbours' rows, in the neighbours' order; a memory superseded or moved since
        the matrix was loaded is left out (its row no longer passes the live/scope filter)."""
        rows: dict[str, SearchHit] = {}
        for store, reader in enumerate(self._readers):
            ids = [item for s, item, _ in found if s == store]
            rows.update((hit.item_id, hit) for hit in reader.hits(ids, scope, now))
        return [(rows[item], cosine) for _, item, cosine in found if item in rows]
