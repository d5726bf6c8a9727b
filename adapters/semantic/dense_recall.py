"""`DenseRecall` for one process (the MCP server, one CLI recall): the model is loaded on the
first recall, never at start (a model load is ~0.3-1 s; `tools/list` must not wait for it), and
the stores' vectors are read into a matrix, re-read only when a vector table has changed.

A matrix holds the vectors of one scope's rows (a project and the global ones) or, once a
recall asked for every project, all of them; a CLI recall thus reads ~15 % of the vectors at
100k beads over 20 projects. The query is embedded on a background thread (`expect`), while
recall runs its lexical search (query_vectors.py)."""

import threading
from collections.abc import Callable, Iterable, Sequence
from datetime import datetime

from abzu.adapters.semantic.query_threads import runnable_now, spare_core, usable_cpus
from abzu.adapters.semantic.query_vectors import QueryVectors
from abzu.adapters.semantic.vector_matrix import Neighbour, VectorMatrix
from abzu.adapters.sqlite.vector_reader import Sqlite3VectorReader
from abzu.application.semantic.ports import Embedder
from abzu.domain.ranking import SearchHit
from abzu.domain.scope import Scope, ScopeKind

EVERY = Scope(ScopeKind.ALL, None)
CPUS = usable_cpus()
MATRICES = 8  # scopes whose matrix a server keeps (the default scope is one per project)


class VectorRecall:
    def __init__(self, embedder: Callable[[], Embedder], readers: Sequence[Sqlite3VectorReader]) -> None:
        self._queries, self._readers = QueryVectors(embedder, overlap=_idle_core), list(readers)
        self._lock = threading.Lock()  # one set of matrices, shared by the server's threads
        self._matrices: dict[str | None, tuple[list[int], VectorMatrix]] = {}  # "*": every scope
        self._last = threading.local()  # the matrix this thread's last `nearest` searched

    def expect(self, query: str) -> None:
        self._queries.start(query)

    def nearest(self, query: str, scope: Scope, limit: int, now: datetime) -> list[tuple[SearchHit, float]]:
        # The matrix first: its freshness check (two SELECTs) runs while the query's embedding
        # is still computing on the worker thread, not after it.
        model = self._queries.embedder().model_id
        with self._lock:
            matrix = self._last.matrix = self._fresh(model, scope)
        vector = self._queries.get(query)
        return self._hits(matrix.nearest(vector, scope, limit), scope, now)

    @property
    def noise_cosine(self) -> float:
        return self._queries.embedder().noise_cosine

    @property
    def strong_cosine(self) -> float:
        return self._queries.embedder().strong_cosine

    def embedded(self, ids: Iterable[str]) -> set[str]:
        matrix: VectorMatrix | None = getattr(self._last, "matrix", None)
        return set() if matrix is None else {i for i in ids if i in matrix}

    def _fresh(self, model: str, scope: Scope) -> VectorMatrix:
        versions = [reader.version() for reader in self._readers]
        key = "*" if scope.kind is ScopeKind.ALL else scope.project
        for held in ("*", key):
            if (cached := self._matrices.get(held)) is not None and cached[0] == versions:
                return cached[1]
        wanted = EVERY if key == "*" else scope
        rows = [(s, *row) for s, r in enumerate(self._readers) for row in r.current(model, wanted)]
        if len(self._matrices) >= MATRICES or key == "*":
            self._matrices.clear()
        self._matrices[key] = (versions, VectorMatrix(rows))
        return self._matrices[key][1]

    def _hits(self, found: list[Neighbour], scope: Scope, now: datetime) -> list[tuple[SearchHit, float]]:
        """The neighbours' rows, in the neighbours' order; a memory superseded or moved since
        the matrix was loaded is left out (its row no longer passes the live/scope filter)."""
        rows: dict[str, SearchHit] = {}
        for store, reader in enumerate(self._readers):
            ids = [item for s, item, _ in found if s == store]
            rows.update((hit.item_id, hit) for hit in reader.hits(ids, scope, now))
        return [(rows[item], cosine) for _, item, cosine in found if item in rows]


def _idle_core() -> bool:
    return spare_core(CPUS, runnable_now())
