"""Every current vector of a process's stores in one float32 matrix (brute-force cosine).

Stored vectors are float16 (half the bytes on disk); they are widened once, when loaded, since
numpy multiplies float16 without BLAS (tens of times slower). 100k × 384 dims = 154 MB of RAM
in the MCP server while semantic search is on; the scope is a mask over project codes, applied
before the top-k, so a project's neighbours are never crowded out by other projects'.
"""

from collections.abc import Sequence
from typing import Any

from abzu.adapters.semantic.numpy_index import numpy_module
from abzu.application.semantic.ports import Vector
from abzu.domain.scope import Scope, ScopeKind

GLOBAL = 0  # the project code of memories without a project

StoredVector = tuple[int, str, str | None, bytes]  # (store, id, project, float16 bytes)
Neighbour = tuple[int, str, float]  # (store, id, cosine)


class VectorMatrix:
    def __init__(self, rows: Sequence[StoredVector]) -> None:
        np = self._np = numpy_module()
        self._ids = [item for _, item, _, _ in rows]
        self._known = set(self._ids)
        self._stores = [store for store, _, _, _ in rows]
        self._codes: dict[str | None, int] = {None: GLOBAL}
        codes = [self._codes.setdefault(p, len(self._codes)) for _, _, p, _ in rows]
        self._project = np.asarray(codes, dtype=np.int32)
        packed = b"".join(blob for _, _, _, blob in rows)
        dim = len(rows[0][3]) // 2 if rows else 0
        self._matrix: Any = np.frombuffer(packed, dtype="<f2").astype(np.float32).reshape(len(rows), dim)

    def __contains__(self, item: object) -> bool:
        return item in self._known

    def nearest(self, query: Vector, scope: Scope, limit: int) -> list[Neighbour]:
        np = self._np
        if not self._ids or limit <= 0:
            return []
        scores = self._matrix @ np.asarray(query, dtype=np.float32)
        if scope.kind is not ScopeKind.ALL:
            focus = self._codes.get(scope.project, -1) if scope.project is not None else -1
            scores[(self._project != GLOBAL) & (self._project != focus)] = -np.inf
        limit = min(limit, len(self._ids))
        top = np.argpartition(-scores, limit - 1)[:limit]
        best = top[np.argsort(-scores[top], kind="stable")]
        return [(self._stores[i], self._ids[i], float(scores[i])) for i in best if scores[i] > -np.inf]
