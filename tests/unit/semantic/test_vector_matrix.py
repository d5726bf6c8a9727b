"""The in-memory matrix of the dense side: which rows a scope searches and in what order they
come back (numpy only; skipped where the semantic extra is not installed)."""

import struct

import pytest

from abzu.domain.scope import Scope, ScopeKind

pytest.importorskip("numpy")
from abzu.adapters.semantic.vector_matrix import VectorMatrix


def f16(*values: float) -> bytes:
    return struct.pack(f"<{len(values)}e", *values)


# Rows arrive ungrouped; the matrix groups them by project (global first) internally.
ROWS = [
    (0, "api-near", "api", f16(0.8, 0.6)),
    (1, "global-far", None, f16(0.0, 1.0)),
    (0, "web-nearest", "web", f16(1.0, 0.0)),
    (0, "global-near", None, f16(0.6, 0.8)),
    (1, "api-far", "api", f16(-1.0, 0.0)),
]


def test_a_project_scope_ranks_its_rows_and_the_global_ones_only() -> None:
    found = VectorMatrix(ROWS).nearest([1.0, 0.0], Scope(ScopeKind.PROJECT, "api"), 10)
    assert [(store, item) for store, item, _ in found] == [
        (0, "api-near"), (0, "global-near"), (1, "global-far"), (1, "api-far")]
    assert [round(cosine, 3) for _, _, cosine in found] == [0.8, 0.6, 0.0, -1.0]


def test_every_project_scope_ranks_all_rows_and_the_limit_keeps_the_best() -> None:
    found = VectorMatrix(ROWS).nearest([1.0, 0.0], Scope(ScopeKind.ALL, None), 2)
    assert [item for _, item, _ in found] == ["web-nearest", "api-near"]


def test_a_scope_without_rows_or_a_global_scope_without_duplicates() -> None:
    matrix = VectorMatrix([row for row in ROWS if row[2] == "web"])
    assert matrix.nearest([1.0, 0.0], Scope(ScopeKind.PROJECT, "api"), 10) == []
    only_global = VectorMatrix([row for row in ROWS if row[2] is None])
    assert [i for _, i, _ in only_global.nearest([1.0, 0.0], Scope(ScopeKind.PROJECT, None), 10)] == [
        "global-near", "global-far"]
