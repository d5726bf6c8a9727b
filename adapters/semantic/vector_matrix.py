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
        """The `limit` rows of `scope` closest to `query`, best first. Each span is multiplied
        straight into its slice of one score buffer, and only the winners are mapped back to
        matrix rows (no index array over the whole scope per query: ~16k rows at 100k beads)."""
        np = self._np
        spans = self._scope_spans(scope)
        total = sum(b - a for a, b in spans)
        if not total or limit <= 0:
            return []
        q = np.asarray(query, dtype=np.float32)
        scores = np.empty(total, dtype=np.float32)
        at = 0
        for a, b in spans:
            np.dot(self._matrix[a:b], q, out=scores[at:at + b - a])
            at += b - a
        limit = min(limit, total)
        top = np.argpartition(-scores, limit - 1)[:limit]
        best = top[np.argsort(-scores[top], kind="stable")]
        rows = _matrix_rows(best.tolist(), spans)
        return [(self._stores[r], self._ids[r], s) for r, s in zip(rows, scores[best].tolist(), strict=True)]

    def _scope_spans(self, scope: Scope) -> list[tuple[int, int]]:
        if scope.kind is ScopeKind.ALL:
            return [(0, len(self._ids))] if self._ids else []
        return [self._spans[p] for p in dict.fromkeys((None, scope.project)) if p in self._spans]


def _matrix_rows(positions: list[int], spans: list[tuple[int, int]]) -> list[int]:
    """Positions in the concatenated scores of `spans` -> rows of the matrix."""
    starts, ends, at = [], [], 0
    for a, b in spans:
        starts.append(a - at)
        at += b - a
        ends.append(at)
    return [p + next(s for s, e in zip(starts, ends, strict=True) if p < e) for p in positions]
