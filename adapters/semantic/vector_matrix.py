"""Every current vector of a process's stores in one float32 matrix (brute-force cosine).

Stored vectors are float16 (half the bytes on disk); they are widened once, when loaded, since
numpy multiplies float16 without BLAS (ten times slower). 100k × 384 dims = 154 MB of RAM in
the MCP server while semantic search is on. Rows are grouped by project, so a recall in the
default scope (its project + global) multiplies only those rows: at 100k beads over 20
projects that is ~15 % of the matrix (the product costs ~20 ms CPU over all 110k rows here).
"""

from collections.abc import Sequence
from typing import Any

from abzu.adapters.semantic.numpy_index import numpy_module
from abzu.application.semantic.ports import Vector
from abzu.domain.scope import Scope, ScopeKind

StoredVector = tuple[int, str, str | None, bytes]  # (store, id, project, float16 bytes)
Neighbour = tuple[int, str, float]  # (store, id, cosine)


class VectorMatrix:
    def __init__(self, rows: Sequence[StoredVector]) -> None:
        np = self._np = numpy_module()
        grouped = sorted(rows, key=lambda r: (r[2] is not None, r[2] or ""))  # global first
        self._ids = [item for _, item, _, _ in grouped]
        self._known = set(self._ids)
        self._stores = [store for store, _, _, _ in grouped]
        self._spans: dict[str | None, tuple[int, int]] = {}
        for i, (_, _, project, _) in enumerate(grouped):
            start, _ = self._spans.get(project, (i, i))
            self._spans[project] = (start, i + 1)
        dim = len(grouped[0][3]) // 2 if grouped else 0
        packed = b"".join(blob for _, _, _, blob in grouped)
        self._matrix: Any = np.frombuffer(packed, dtype="<f2").astype(np.float32).reshape(len(grouped), dim)

    def __contains__(self, item: object) -> bool:
        return item in self._known

    def nearest(self, query: Vector, scope: Scope, limit: int) -> list[Neighbour]:
        np = self._np
        spans = [(0, len(self._ids))] if scope.kind is ScopeKind.ALL else [
            self._spans[p] for p in {None, scope.project} if p in self._spans]
        rows = np.concatenate([np.arange(a, b) for a, b in spans]) if spans else np.arange(0)
        if not len(rows) or limit <= 0:
            return []
        q = np.asarray(query, dtype=np.float32)
        scores = np.concatenate([self._matrix[a:b] @ q for a, b in spans])
        limit = min(limit, len(rows))
        top = np.argpartition(-scores, limit - 1)[:limit]
        best = top[np.argsort(-scores[top], kind="stable")]
        return [(self._stores[rows[i]], self._ids[rows[i]], float(scores[i])) for i in best]
